import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How long an auto-started session waits for its stream to come back (ADR 0045). */
export class AutoStartGrace1768500000000 implements MigrationInterface {
  name = 'AutoStartGrace1768500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE auth.user_settings
        ADD COLUMN auto_start_grace_minutes integer NOT NULL DEFAULT 10
          CONSTRAINT user_settings_auto_start_grace_check
          CHECK (auto_start_grace_minutes BETWEEN 0 AND 120)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth.user_settings DROP COLUMN auto_start_grace_minutes`);
  }
}
