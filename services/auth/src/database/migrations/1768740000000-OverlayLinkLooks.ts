import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An overlay link's look (ADR 0056): `transparent`, `minimal` or `dock` (the interactive
 * overlay every link showed before), and whether new chatters slide in. Stored on the link's
 * row, so it is changed without rotating the link; a browser's row keeps the defaults.
 */
export class OverlayLinkLooks1768740000000 implements MigrationInterface {
  name = 'OverlayLinkLooks1768740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "auth"."login_sessions"
        ADD COLUMN "overlay_look" text NOT NULL DEFAULT 'dock'
          CHECK ("overlay_look" IN ('transparent', 'minimal', 'dock')),
        ADD COLUMN "overlay_animate" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "auth"."login_sessions" DROP COLUMN "overlay_animate", DROP COLUMN "overlay_look"`,
    );
  }
}
