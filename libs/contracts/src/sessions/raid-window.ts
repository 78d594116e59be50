/**
 * How long after a raid a new chatter's first line makes them its raider (ADR 0053): the
 * owner's setting, between these bounds; 90 seconds until they choose.
 */
export const RAID_WINDOW_SECONDS = { min: 15, max: 600, default: 90 } as const;

/** `GET/PUT /api/settings/raids`: the owner's raid settings (ADR 0053). */
export interface RaidSettingsDto {
  windowSeconds: number;
}
