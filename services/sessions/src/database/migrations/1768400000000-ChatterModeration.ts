import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderation follows chat (ADR 0041): a chatter banned or timed out on Twitch, and whether
 * their first message was deleted, which needs that message's Twitch id (stored from now on;
 * chatters first seen before this migration have none and are never marked by a deletion).
 */
export class ChatterModeration1768400000000 implements MigrationInterface {
  name = 'ChatterModeration1768400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sessions.chatters
        ADD COLUMN first_message_id text,
        ADD COLUMN moderation text
          CONSTRAINT chatters_moderation_check CHECK (moderation IN ('banned', 'timed_out')),
        ADD COLUMN moderated_at timestamptz,
        ADD COLUMN timeout_ends_at timestamptz,
        ADD COLUMN first_message_deleted boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX chatters_first_message_idx ON sessions.chatters (session_id, first_message_id)
         WHERE first_message_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sessions.chatters
        DROP COLUMN first_message_id, DROP COLUMN moderation, DROP COLUMN moderated_at,
        DROP COLUMN timeout_ends_at, DROP COLUMN first_message_deleted`);
  }
}
