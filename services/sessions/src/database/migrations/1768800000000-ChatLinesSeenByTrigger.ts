import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counted line's id is removed with its session by a trigger instead of a foreign key
 * (ADR 0065). The key checked every inserted id against its session, row by row, each check a
 * query and a lock on a session row the same statement updates: up to a tenth of the
 * chat-line statement's time. What the key did on delete, the trigger does, once per
 * statement. An id written for a session deleted in the same instant stays until the pruner
 * takes it (25 h).
 */
export class ChatLinesSeenByTrigger1768800000000 implements MigrationInterface {
  name = 'ChatLinesSeenByTrigger1768800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sessions.chat_lines_seen DROP CONSTRAINT IF EXISTS chat_lines_seen_session_id_fkey`,
    );
    await queryRunner.query(
      `CREATE FUNCTION sessions.delete_chat_lines_seen() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM sessions.chat_lines_seen c USING deleted_sessions d WHERE c.session_id = d.id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER sessions_delete_chat_lines_seen AFTER DELETE ON sessions.sessions
         REFERENCING OLD TABLE AS deleted_sessions
         FOR EACH STATEMENT EXECUTE FUNCTION sessions.delete_chat_lines_seen()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TRIGGER IF EXISTS sessions_delete_chat_lines_seen ON sessions.sessions`,
    );
    await queryRunner.query(`DROP FUNCTION IF EXISTS sessions.delete_chat_lines_seen()`);
    await queryRunner.query(
      `DELETE FROM sessions.chat_lines_seen c
        WHERE NOT EXISTS (SELECT 1 FROM sessions.sessions s WHERE s.id = c.session_id)`,
    );
    await queryRunner.query(
      `ALTER TABLE sessions.chat_lines_seen ADD CONSTRAINT chat_lines_seen_session_id_fkey
         FOREIGN KEY (session_id) REFERENCES sessions.sessions (id) ON DELETE CASCADE`,
    );
  }
}
