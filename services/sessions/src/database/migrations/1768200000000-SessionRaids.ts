import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Raids per session (ADR 0032): one row per Twitch raid notice applied to the session (its
 * message id keeps a redelivered notice from counting twice), and the raid a chatter arrived
 * with.
 */
export class SessionRaids1768200000000 implements MigrationInterface {
  name = 'SessionRaids1768200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sessions.raids (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions.sessions (id) ON DELETE CASCADE,
        message_id text NOT NULL,
        raider_twitch_id text NOT NULL,
        raider_login text NOT NULL,
        raider_display_name text NOT NULL,
        viewer_count integer NOT NULL,
        raided_at timestamptz NOT NULL,
        CONSTRAINT raids_session_message_key UNIQUE (session_id, message_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX raids_session_raided_at_idx ON sessions.raids (session_id, raided_at)`,
    );
    await queryRunner.query(
      `ALTER TABLE sessions.chatters
         ADD COLUMN raid_id uuid REFERENCES sessions.raids (id) ON DELETE SET NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX chatters_raid_idx ON sessions.chatters (raid_id) WHERE raid_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions.chatters DROP COLUMN raid_id`);
    await queryRunner.query(`DROP TABLE sessions.raids`);
  }
}
