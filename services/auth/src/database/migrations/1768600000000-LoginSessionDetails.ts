import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the settings page shows of a browser's login session (ADR 0046): a public id that is
 * not the secret session id nor its hash, and where the session signed in from.
 */
export class LoginSessionDetails1768600000000 implements MigrationInterface {
  name = 'LoginSessionDetails1768600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "auth"."login_sessions"
        ADD COLUMN "public_id" uuid NOT NULL DEFAULT gen_random_uuid(),
        ADD COLUMN "user_agent" text,
        ADD COLUMN "ip_address" text`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "login_sessions_public_id" ON "auth"."login_sessions" ("public_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auth"."login_sessions_public_id"`);
    await queryRunner.query(`
      ALTER TABLE "auth"."login_sessions"
        DROP COLUMN "public_id", DROP COLUMN "user_agent", DROP COLUMN "ip_address"`);
  }
}
