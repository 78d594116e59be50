import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A chat line changes its chatter's row (count, last seen, version); with `version` indexed,
 * every such change wrote a new entry into each of the table's indexes. Without that index
 * (only the unused changes request read by it) and with room left on each page, PostgreSQL
 * updates the row in place of its page (a HOT update) and touches no index (ADR 0058).
 */
export class HotChatterUpdates1768780000000 implements MigrationInterface {
  name = 'HotChatterUpdates1768780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS sessions.chatters_session_version_idx`);
    await queryRunner.query(`ALTER TABLE sessions.chatters SET (fillfactor = 70)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions.chatters RESET (fillfactor)`);
    await queryRunner.query(
      `CREATE INDEX chatters_session_version_idx ON sessions.chatters (session_id, version)`,
    );
  }
}
