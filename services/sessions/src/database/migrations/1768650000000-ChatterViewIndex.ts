import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The screens' pages of a session's chatters (ADR 0050): pending first (`next`) and Hide
 * greeted read this index in order and stop at the page, as first seen (`oldest`, `newest`)
 * reads `chatters_session_first_seen_idx`; the greeted count is one range of it.
 */
export class ChatterViewIndex1768650000000 implements MigrationInterface {
  name = 'ChatterViewIndex1768650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX chatters_session_greeted_idx
         ON sessions.chatters (session_id, is_greeted, first_seen_at, id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX sessions.chatters_session_greeted_idx`);
  }
}
