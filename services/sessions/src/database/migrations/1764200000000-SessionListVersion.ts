import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A per-session list version, bumped under the session row's lock by every chatter change
 * and stamped on the changed chatters. Versions then commit in order per session, so "every
 * chatter changed since version N" is exact; a global sequence could commit 104 after 105
 * and let a reader that saw 105 miss 104 for good.
 */
export class SessionListVersion1764200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sessions.sessions ADD COLUMN list_version bigint NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(`
      UPDATE sessions.sessions s
         SET list_version = coalesce(
               (SELECT max(c.version) FROM sessions.chatters c WHERE c.session_id = s.id), 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions.sessions DROP COLUMN list_version`);
  }
}
