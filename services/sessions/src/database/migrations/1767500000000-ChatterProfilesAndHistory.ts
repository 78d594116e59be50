import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who a chatter is (ADR 0033): the emotes of the first message, the chatter's history with the
 * owner (last appearance in an earlier session, sessions seen), set once when the chatter first
 * appears in a session, and the cache of Twitch profile images, refreshed daily by a job.
 * The twitch_id index serves the history lookup of new chatters and the image updates.
 */
export class ChatterProfilesAndHistory1767500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sessions.chatters
        ADD COLUMN first_message_emotes jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN last_seen_before_at timestamptz,
        ADD COLUMN sessions_seen integer NOT NULL DEFAULT 1`);
    await queryRunner.query(
      `CREATE INDEX chatters_twitch_id_idx ON sessions.chatters (twitch_id, session_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE sessions.chatter_profiles (
        twitch_id text PRIMARY KEY,
        profile_image text,
        fetched_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX chatter_profiles_fetched_at_idx ON sessions.chatter_profiles (fetched_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sessions.chatter_profiles`);
    await queryRunner.query(`DROP INDEX sessions.chatters_twitch_id_idx`);
    await queryRunner.query(`
      ALTER TABLE sessions.chatters
        DROP COLUMN first_message_emotes,
        DROP COLUMN last_seen_before_at,
        DROP COLUMN sessions_seen`);
  }
}
