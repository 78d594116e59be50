import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chatters still without a profile image, for the profile job's round (ADR 0033): a partial
 * index, so the job's query reads the few waiting chatters in id order and stops at a round's
 * 1,000 instead of walking every chatter that has an image.
 */
export class ChattersWithoutImage1768300000000 implements MigrationInterface {
  name = 'ChattersWithoutImage1768300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX chatters_without_image_idx ON sessions.chatters (twitch_id, session_id)
        WHERE profile_image IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX sessions.chatters_without_image_idx`);
  }
}
