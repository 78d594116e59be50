import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Overlay links are login sessions of their own kind (ADR 0029): `browser` for a signed-in
 * browser, `overlay-read` and `overlay-greet` for a link in an OBS browser source. Links have
 * no idle or absolute lifetime; they end when revoked or rotated.
 */
export class OverlayLinks1767700000000 implements MigrationInterface {
  name = 'OverlayLinks1767700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "auth"."login_sessions"
        ADD COLUMN "kind" text NOT NULL DEFAULT 'browser'
          CHECK ("kind" IN ('browser', 'overlay-read', 'overlay-greet'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."login_sessions" DROP COLUMN "kind"`);
  }
}
