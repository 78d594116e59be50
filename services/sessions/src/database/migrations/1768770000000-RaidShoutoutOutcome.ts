import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What became of a raid's automatic shoutout (ADR 0054): sent, or refused with the domain code
 * and Twitch's or Greetboard's text, so the streamer sees it beside the welcome messages.
 * Null while no shoutout was asked for the raid.
 */
export class RaidShoutoutOutcome1768770000000 implements MigrationInterface {
  name = 'RaidShoutoutOutcome1768770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sessions.raids
        ADD COLUMN shoutout_status text,
        ADD COLUMN shoutout_reason_code text,
        ADD COLUMN shoutout_reason_message text,
        ADD COLUMN shoutout_answered_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE sessions.raids
        DROP COLUMN shoutout_status,
        DROP COLUMN shoutout_reason_code,
        DROP COLUMN shoutout_reason_message,
        DROP COLUMN shoutout_answered_at`);
  }
}
