import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A chatter's moderation (ADR 0041) in the read model: one banned or timed out before being
 * greeted counts as excluded, not pending. Few chatters are, so a partial index serves the count.
 */
export class ChatterModeration1768400000000 implements MigrationInterface {
  name = 'ChatterModeration1768400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stats.chatters ADD COLUMN moderation text`);
    await queryRunner.query(
      `CREATE INDEX chatters_excluded_idx ON stats.chatters (session_id)
         WHERE moderation IS NOT NULL AND NOT is_greeted`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stats.chatters DROP COLUMN moderation`);
  }
}
