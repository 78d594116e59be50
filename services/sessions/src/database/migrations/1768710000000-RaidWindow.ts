import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The raid window (ADR 0053): each owner's setting (`raid_settings`, a row once they choose)
 * and the window a raid applied, kept on the raid. Raids stored before it used 5 minutes.
 */
export class RaidWindow1768710000000 implements MigrationInterface {
  name = 'RaidWindow1768710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sessions.raid_settings (
        owner_id uuid PRIMARY KEY,
        window_seconds integer NOT NULL CHECK (window_seconds BETWEEN 15 AND 600),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `ALTER TABLE sessions.raids ADD COLUMN window_seconds integer NOT NULL DEFAULT 300`,
    );
    await queryRunner.query(`ALTER TABLE sessions.raids ALTER COLUMN window_seconds DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions.raids DROP COLUMN window_seconds`);
    await queryRunner.query(`DROP TABLE sessions.raid_settings`);
  }
}
