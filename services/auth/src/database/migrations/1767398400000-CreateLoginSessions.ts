import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Login sessions in the database, so they survive a restart of the standalone runtime (ADR 0024). */
export class CreateLoginSessions1767398400000 implements MigrationInterface {
  name = 'CreateLoginSessions1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."login_sessions" (
        "id_hash" text PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "created_at_ms" bigint NOT NULL,
        "expires_at_ms" bigint NOT NULL,
        "idle_expires_at_ms" bigint NOT NULL,
        "touched_at_ms" bigint NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "login_sessions_user_idx" ON "auth"."login_sessions" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "login_sessions_idle_idx" ON "auth"."login_sessions" ("idle_expires_at_ms")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."login_sessions"`);
  }
}
