import type { ChatterDto, ChatterView } from '@greetboard/contracts/wire';

export interface ChatterStats {
  total: number;
  greeted: number;
  pending: number;
  /** Banned or timed out before being greeted: neither greeted nor waiting (ADR 0041). */
  excluded: number;
  greetedPercentage: number;
}

/** Greeted percentage: greeted / total * 100 rounded, 0 when there are no chatters. */
export function greetedPercentage(greeted: number, total: number): number {
  return total > 0 ? Math.round((greeted / total) * 100) : 0;
}

export function chatterStats(
  chatters: readonly Pick<ChatterDto, 'isGreeted' | 'moderation'>[],
): ChatterStats {
  const total = chatters.length;
  const greeted = chatters.filter((c) => c.isGreeted).length;
  const excluded = chatters.filter((c) => !c.isGreeted && c.moderation).length;
  return {
    total,
    greeted,
    pending: total - greeted - excluded,
    excluded,
    greetedPercentage: greetedPercentage(greeted, total),
  };
}

/** The stats of a page answer, which counts over the whole session (ADR 0050). */
export function viewStats(
  view: Pick<ChatterView, 'total' | 'greeted' | 'pending'> | undefined,
): ChatterStats {
  const total = view?.total ?? 0;
  const greeted = view?.greeted ?? 0;
  const pending = view?.pending ?? 0;
  return {
    total,
    greeted,
    pending,
    excluded: Math.max(0, total - greeted - pending),
    greetedPercentage: greetedPercentage(greeted, total),
  };
}
