import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One running session per channel, and sessions that follow the stream (ADR 0045).
 *
 * An installation may hold several running sessions of one owner from before: the newest
 * (by creation, as the dashboard picks it) keeps running and the others stop now, each with
 * its `sessionStopped` event in the outbox so that statistics see the stop. The SQL of that
 * event is written out here as it was on the day: a migration never changes with the code.
 * A partial unique index then keeps it so.
 *
 * `started_by` says whether auto-start or a person began the session; the `stream_*` columns
 * hold the owner's stream as auth last reported it, and `stream_stops_at` when an
 * auto-started session whose stream went offline stops unless the stream comes back.
 */
export class OneSessionPerChannel1768500000000 implements MigrationInterface {
  name = 'OneSessionPerChannel1768500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sessions.sessions
        ADD COLUMN started_by text NOT NULL DEFAULT 'manual'
          CONSTRAINT sessions_started_by_check CHECK (started_by IN ('manual', 'auto')),
        ADD COLUMN stream_live boolean,
        ADD COLUMN stream_title text,
        ADD COLUMN stream_since timestamptz,
        ADD COLUMN stream_stops_at timestamptz`);
    await queryRunner.query(`
      WITH stopped AS (
        UPDATE sessions.sessions s
           SET is_active = false, ended_at = now(), version = version + 1
         WHERE s.is_active
           AND EXISTS (SELECT 1 FROM sessions.sessions n
                        WHERE n.user_id = s.user_id AND n.is_active
                          AND (n.created_at, n.id) > (s.created_at, s.id))
        RETURNING s.*)
      INSERT INTO sessions.outbox (subject, msg_id, payload)
      SELECT 'domain.sessions.session.stopped.v1',
             'domain.sessions.session.stopped.v1:' || s.id || ':' || s.version,
             jsonb_build_object(
               'id', s.id, 'ownerId', s.user_id, 'name', s.name, 'isActive', s.is_active,
               'createdAt', ${iso('s.created_at')}, 'startedAt', ${iso('s.started_at')},
               'endedAt', ${iso('s.ended_at')}, 'version', s.version)
        FROM stopped s`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX sessions_one_running_per_owner ON sessions.sessions (user_id)
         WHERE is_active`,
    );
    await queryRunner.query(
      `CREATE INDEX sessions_stream_stops_at_idx ON sessions.sessions (stream_stops_at)
         WHERE is_active AND stream_stops_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX sessions.sessions_stream_stops_at_idx`);
    await queryRunner.query(`DROP INDEX sessions.sessions_one_running_per_owner`);
    await queryRunner.query(`
      ALTER TABLE sessions.sessions
        DROP COLUMN started_by, DROP COLUMN stream_live, DROP COLUMN stream_title,
        DROP COLUMN stream_since, DROP COLUMN stream_stops_at`);
  }
}

function iso(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
