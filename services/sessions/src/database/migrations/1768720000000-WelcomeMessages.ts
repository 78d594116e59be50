import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Welcome messages in chat (ADR 0054): a session's templates and switches, and one durable
 * row per chatter's welcome, due when the undo window ends; the sender polls the due rows,
 * so a greet survives a restart inside the window.
 */
export class WelcomeMessages1768720000000 implements MigrationInterface {
  name = 'WelcomeMessages1768720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sessions.welcome_settings (
        session_id uuid PRIMARY KEY REFERENCES sessions.sessions (id) ON DELETE CASCADE,
        enabled boolean NOT NULL DEFAULT false,
        first_time text NOT NULL DEFAULT '',
        returning_chatter text NOT NULL DEFAULT '',
        raider text NOT NULL DEFAULT '',
        shoutout_raiders boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`
      CREATE TABLE sessions.welcome_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions.sessions (id) ON DELETE CASCADE,
        owner_id uuid NOT NULL,
        chatter_id uuid NOT NULL REFERENCES sessions.chatters (id) ON DELETE CASCADE,
        display_name text NOT NULL,
        kind text NOT NULL,
        text text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        due_at timestamptz NOT NULL,
        claimed_until timestamptz,
        attempted_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        sent_at timestamptz,
        reason_code text,
        reason_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT welcome_messages_chatter_key UNIQUE (chatter_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX welcome_messages_due_idx ON sessions.welcome_messages (due_at)
         WHERE status IN ('pending', 'sending')`,
    );
    await queryRunner.query(
      `CREATE INDEX welcome_messages_session_idx
         ON sessions.welcome_messages (session_id, created_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX welcome_messages_owner_attempt_idx
         ON sessions.welcome_messages (owner_id, attempted_at) WHERE attempted_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sessions.welcome_messages`);
    await queryRunner.query(`DROP TABLE sessions.welcome_settings`);
  }
}
