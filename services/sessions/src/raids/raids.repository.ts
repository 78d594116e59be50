import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DOMAIN_EVENTS,
  MAX_RAIDERS_PER_UNDO,
  RAID_WINDOW_SECONDS,
  type ChatLineReceived,
  type ChatterDto,
  type RaidDto,
} from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import { CHATTER_JSON, type ChatterJsonRow } from '../chatters/chatter-rows.js';
import { SessionDomainEvents } from '../events/session-domain-events.js';
import { greetChangeCtes, nextListVersion } from '../chatters/greeting-sql.js';

/**
 * How many raiders a raid may have beyond its viewer count: the raiding channel itself, who
 * often comes along and is not one of its viewers (ADR 0053).
 */
export const RAIDERS_BEYOND_VIEWERS = 1;

/**
 * The body of a CTE naming the raiders among a batch's chatters (ADR 0053), read from the
 * batch's `per_chatter` (session_id, twitch_id, first_seen_at and first_subscription, whether
 * the first line is a subscription notice) before they are stored. A raider is new to the
 * session, and their first line is an ordinary line within the window of the session's latest
 * raid at that time; a raid takes at most its viewers and the raiding channel, the earliest
 * first (those marked before count too). Answers (session_id, twitch_id, raid_id).
 */
export const RAIDERS_OF_BATCH = `
  SELECT q.session_id, q.twitch_id, q.raid_id
    FROM (
      SELECT p.session_id, p.twitch_id, r.id AS raid_id, r.viewer_count, r.marked,
             row_number() OVER (PARTITION BY r.id ORDER BY p.first_seen_at, p.twitch_id) AS place
        FROM per_chatter p
        CROSS JOIN LATERAL (
          SELECT r.id, r.viewer_count,
                 (SELECT count(*) FROM sessions.chatters k WHERE k.raid_id = r.id) AS marked
            FROM sessions.raids r
           WHERE r.session_id = p.session_id
             AND r.raided_at <= p.first_seen_at
             AND p.first_seen_at < r.raided_at + r.window_seconds * interval '1 second'
           ORDER BY r.raided_at DESC, r.id LIMIT 1) r
       WHERE NOT p.first_subscription
         AND NOT EXISTS (SELECT 1 FROM sessions.chatters k
                          WHERE k.session_id = p.session_id AND k.twitch_id = p.twitch_id)) q
   WHERE q.marked + q.place <= q.viewer_count + ${RAIDERS_BEYOND_VIEWERS}`;

interface RaidRow {
  id: string;
  session_id: string;
  raider_twitch_id: string;
  raider_login: string;
  raider_display_name: string;
  viewer_count: number;
  window_seconds: number;
  raided_at: Date;
  raider_count: number;
  greeted_count: number;
}

const RAID_COLUMNS = `r.id, r.session_id, r.raider_twitch_id, r.raider_login,
  r.raider_display_name, r.viewer_count, r.window_seconds, r.raided_at,
  (SELECT count(*)::int FROM sessions.chatters c WHERE c.raid_id = r.id) AS raider_count,
  (SELECT count(*)::int FROM sessions.chatters c WHERE c.raid_id = r.id AND c.is_greeted)
    AS greeted_count`;

function toRaidDto(row: RaidRow): RaidDto {
  return {
    id: row.id,
    sessionId: row.session_id,
    raiderTwitchId: row.raider_twitch_id,
    raiderLogin: row.raider_login,
    raiderDisplayName: row.raider_display_name,
    viewerCount: row.viewer_count,
    raidedAt: row.raided_at.toISOString(),
    windowSeconds: row.window_seconds,
    raiderCount: row.raider_count,
    greetedCount: row.greeted_count,
  };
}

export interface RecordedRaid {
  raid: RaidDto;
  ownerId: string;
}

@Injectable()
export class RaidsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: SessionDomainEvents,
  ) {}

  /**
   * Stores raid notices for the active session of their channel (the session chat lines go
   * to). Exact under redelivery: a notice is stored once per session by its message id, and
   * only newly stored raids are returned.
   */
  async recordRaids(notices: ChatLineReceived[]): Promise<RecordedRaid[]> {
    if (notices.length === 0) return [];
    const rows = await queryRows<RaidRow & { owner_id: string }>(
      this.dataSource,
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                              $6::int[], $7::bigint[])
           AS t(channel, message_id, twitch_id, login, display_name, viewers, sent_ms)),
       target AS (
         SELECT DISTINCT ON (u.username) s.id, s.user_id, u.username AS channel,
                -- The owner's raid window now; the raid keeps it (ADR 0053).
                coalesce(rs.window_seconds, ${RAID_WINDOW_SECONDS.default}) AS window_seconds
           FROM sessions.sessions s JOIN sessions.users u ON u.id = s.user_id
           LEFT JOIN sessions.raid_settings rs ON rs.owner_id = s.user_id
          WHERE s.is_active AND u.username IN (SELECT channel FROM input)
          ORDER BY u.username, s.started_at DESC NULLS LAST, s.created_at DESC),
       inserted AS (
         INSERT INTO sessions.raids AS r (session_id, message_id, raider_twitch_id, raider_login,
                                          raider_display_name, viewer_count, raided_at,
                                          window_seconds)
         SELECT t.id, i.message_id, i.twitch_id, i.login, i.display_name, i.viewers,
                'epoch'::timestamptz + i.sent_ms * interval '1 millisecond', t.window_seconds
           FROM input i JOIN target t ON t.channel = i.channel
         ON CONFLICT (session_id, message_id) DO NOTHING
         RETURNING r.*)
       SELECT r.id, r.session_id, r.raider_twitch_id, r.raider_login, r.raider_display_name,
              r.viewer_count, r.window_seconds, r.raided_at, 0 AS raider_count, 0 AS greeted_count,
              t.user_id AS owner_id
         FROM inserted r JOIN target t ON t.id = r.session_id
        ORDER BY r.raided_at, r.id`,
      [
        notices.map((notice) => notice.channel.toLowerCase()),
        notices.map((notice) => notice.id),
        notices.map((notice) => notice.userId),
        notices.map((notice) => notice.login.toLowerCase()),
        notices.map((notice) => notice.displayName || notice.login),
        notices.map((notice) => notice.raidViewerCount ?? 0),
        notices.map((notice) => notice.sentAt),
      ],
    );
    return rows.map((row) => ({ raid: toRaidDto(row), ownerId: row.owner_id }));
  }

  /** The session's raids, newest first. */
  async list(sessionId: string): Promise<RaidDto[]> {
    const rows = await queryRows<RaidRow>(
      this.dataSource,
      `SELECT ${RAID_COLUMNS} FROM sessions.raids r
        WHERE r.session_id = $1 ORDER BY r.raided_at DESC, r.id`,
      [sessionId],
    );
    return rows.map(toRaidDto);
  }

  async exists(sessionId: string, raidId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id FROM sessions.raids WHERE id = $1 AND session_id = $2`,
      [raidId, sessionId],
    );
    return rows.length > 0;
  }

  /** The raid's raiders not greeted yet, first seen first: what 'greet all raiders' shows. */
  async pendingRaiders(sessionId: string, raidId: string): Promise<ChatterDto[]> {
    const rows = await queryRows<ChatterJsonRow>(
      this.dataSource,
      `SELECT ${CHATTER_JSON} AS chatter
         FROM sessions.chatters c LEFT JOIN sessions.users g ON g.id = c.greeted_by
        WHERE c.session_id = $1 AND c.raid_id = $2 AND NOT c.is_greeted
        ORDER BY c.first_seen_at, c.id
        LIMIT ${MAX_RAIDERS_PER_UNDO}`,
      [sessionId, raidId],
    );
    return rows.map((row) => row.chatter);
  }

  /** The owner's raid window in seconds: their choice, else the default. */
  async windowSecondsOf(ownerId: string): Promise<number> {
    const [row] = await queryRows<{ window_seconds: number }>(
      this.dataSource,
      `SELECT window_seconds FROM sessions.raid_settings WHERE owner_id = $1`,
      [ownerId],
    );
    return row?.window_seconds ?? RAID_WINDOW_SECONDS.default;
  }

  /** Stores the owner's raid window; raids from now on use it. */
  async setWindowSeconds(ownerId: string, windowSeconds: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO sessions.raid_settings (owner_id, window_seconds) VALUES ($1, $2)
       ON CONFLICT (owner_id) DO UPDATE SET window_seconds = EXCLUDED.window_seconds,
                                            updated_at = now()`,
      [ownerId, windowSeconds],
    );
  }

  /**
   * Greets or un-greets those of the raid's raiders whose state differs: all of them
   * (`chatterIds` null) or those of `chatterIds`, in one statement with the list version stepped once
   * (when any changed) and a domain event per chatter. Returns the chatters it changed, as
   * stored after it, and the list version it committed.
   */
  async setRaidersGreeted(
    sessionId: string,
    raidId: string,
    isGreeted: boolean,
    greeterId: string,
    chatterIds: string[] | null,
  ): Promise<{ chatters: ChatterDto[]; listVersion?: string }> {
    let listVersion: string | undefined;
    const rows = await this.dataSource.transaction(async (manager) => {
      const version = await nextListVersion(manager, sessionId);
      if (version === undefined) return [];
      listVersion = version;
      const greet = { isGreeted: '$3', greeterId: '$4', version: '$5', subject: '$7' };
      const raiders = `c.session_id = $1 AND c.raid_id = $2
             AND ($6::uuid[] IS NULL OR c.id = ANY($6::uuid[]))`;
      return queryRows<ChatterJsonRow>(
        manager,
        `WITH ${greetChangeCtes(greet, raiders)}
         SELECT ${CHATTER_JSON} AS chatter
           FROM updated c LEFT JOIN sessions.users g ON g.id = c.greeted_by
          ORDER BY c.first_seen_at, c.id`,
        [
          sessionId,
          raidId,
          isGreeted,
          greeterId,
          version,
          chatterIds,
          DOMAIN_EVENTS[isGreeted ? 'chatterGreeted' : 'chatterUngreeted'].subject,
        ],
      );
    });
    if (rows.length === 0) return { chatters: [] };
    this.events.publish();
    return { chatters: rows.map((row) => row.chatter), listVersion };
  }
}
