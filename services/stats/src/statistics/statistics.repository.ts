import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { STATISTICS_WINDOW_DAYS } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';

/** Whose chatters a figure counts: one owner's, or one session's. */
export type Scope = { column: 'owner_id' | 'session_id'; id: string };

/** Chatters grouped by hour of the viewer's day and by time-to-greet bucket. */
export interface ChatterGroup {
  hour: number;
  /** Index into GREETING_TIME_BUCKETS_SECONDS (its length for the open bucket); null if not greeted. */
  bucket: number | null;
  chatters: number;
  greeted: number;
  greetSeconds: number;
}

export interface DayRow {
  date: string;
  chatters: number;
  greeted: number;
}

export interface SessionRow {
  id: string;
  name: string;
  is_active: boolean;
  started_at: Date | null;
  ended_at: Date | null;
  /** Seconds from start to end, or to `asOf` while running; null if never started. */
  duration: number | null;
}

/** The statistics as SQL aggregates over the read model; the service turns them into figures. */
@Injectable()
export class StatisticsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether PostgreSQL knows the zone (its zone data may differ from the runtime's). */
  async knowsTimeZone(timeZone: string): Promise<boolean> {
    try {
      await this.dataSource.query(`SELECT now() AT TIME ZONE $1`, [timeZone]);
      return true;
    } catch {
      return false;
    }
  }

  async sessions(ownerId: string, asOf: Date, sessionId?: string): Promise<SessionRow[]> {
    const rows = await queryRows<SessionRow & { duration: string | null }>(
      this.dataSource,
      `SELECT id, name, is_active, started_at, ended_at,
              GREATEST(0, extract(epoch FROM
                coalesce(ended_at, CASE WHEN is_active THEN $2::timestamptz END) - started_at))
                AS duration
         FROM stats.sessions
        WHERE owner_id = $1 AND NOT deleted AND ($3::uuid IS NULL OR id = $3::uuid)
        ORDER BY created_at DESC, id`,
      [ownerId, asOf.toISOString(), sessionId ?? null],
    );
    return rows.map((row) => ({
      ...row,
      duration: row.duration === null ? null : Number(row.duration),
    }));
  }

  /** Chatters banned or timed out before being greeted (ADR 0041): neither greeted nor pending. */
  async excludedChatters(sessionId: string): Promise<number> {
    const [row] = await queryRows<{ excluded: number }>(
      this.dataSource,
      `SELECT count(*)::int AS excluded FROM stats.chatters
        WHERE session_id = $1 AND moderation IS NOT NULL AND NOT is_greeted`,
      [sessionId],
    );
    return row?.excluded ?? 0;
  }

  /** From the quarter-hour roll-ups (migration ChatterSlots), not the chatters themselves. */
  async chatterGroups(scope: Scope, timeZone: string): Promise<ChatterGroup[]> {
    const rows = await queryRows<ChatterGroup & { greetSeconds: string }>(
      this.dataSource,
      `SELECT extract(hour FROM slot AT TIME ZONE $2)::int AS hour,
              NULLIF(bucket, -1) AS bucket,
              sum(chatters)::int AS chatters,
              sum(greeted)::int AS greeted,
              (sum(greet_micros) / 1e6)::float8 AS "greetSeconds"
         FROM stats.chatter_slots
        WHERE ${scope.column} = $1
        GROUP BY 1, 2
       HAVING sum(chatters) <> 0`,
      [scope.id, timeZone],
    );
    return rows.map((row) => ({ ...row, greetSeconds: Number(row.greetSeconds) }));
  }

  /** Chatters first seen and chatters greeted on each of the last 7 days of the viewer. */
  async lastSevenDays(scope: Scope, timeZone: string, asOf: Date): Promise<DayRow[]> {
    return queryRows<DayRow>(
      this.dataSource,
      `WITH days AS (
         SELECT day, (day AT TIME ZONE $2) AS starts, ((day + interval '1 day') AT TIME ZONE $2) AS ends
           FROM generate_series(
                  (($3::timestamptz AT TIME ZONE $2)::date - ${STATISTICS_WINDOW_DAYS - 1})::timestamp,
                  ($3::timestamptz AT TIME ZONE $2)::date::timestamp,
                  interval '1 day') AS day)
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
              (SELECT coalesce(sum(c.chatters), 0) FROM stats.chatter_slots c
                WHERE c.${scope.column} = $1
                  AND c.slot >= d.starts AND c.slot < d.ends)::int AS chatters,
              (SELECT coalesce(sum(g.greeted), 0) FROM stats.greeted_slots g
                WHERE g.${scope.column} = $1
                  AND g.slot >= d.starts AND g.slot < d.ends)::int AS greeted
         FROM days d ORDER BY d.day`,
      [scope.id, timeZone, asOf.toISOString()],
    );
  }
}
