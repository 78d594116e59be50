import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A chatter's card (ADR 0055): Twitch's `badges` tag of the chatter's latest line on the
 * chatter row, and the account's creation time in the profile cache beside its image.
 */
export class ChatterCard1768730000000 implements MigrationInterface {
  name = 'ChatterCard1768730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sessions.chatters ADD COLUMN badges jsonb NOT NULL DEFAULT '{}'::jsonb`,
    );
    await queryRunner.query(
      `ALTER TABLE sessions.chatter_profiles ADD COLUMN account_created_at timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions.chatter_profiles DROP COLUMN account_created_at`);
    await queryRunner.query(`ALTER TABLE sessions.chatters DROP COLUMN badges`);
  }
}
