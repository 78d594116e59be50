import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sessions service's tables: the users projection, sessions, chatters (with the set of
 * chat lines already counted, so redelivered lines never count twice), ignore lists, global
 * editors and their invites.
 */
export class CreateSessionsTables1764100000000 implements MigrationInterface {
  name = 'CreateSessionsTables1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sessions.users (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        display_name text NOT NULL,
        profile_image text,
        twitch_id text NOT NULL,
        is_approved boolean NOT NULL,
        is_admin boolean NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX users_username_idx ON sessions.users (username)`);
    await queryRunner.query(`
      CREATE TABLE sessions.user_tombstones (
        id uuid PRIMARY KEY,
        deleted_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE sessions.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        name text NOT NULL,
        keywords text NOT NULL DEFAULT '[]',
        is_active boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        ended_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX sessions_user_created_idx ON sessions.sessions (user_id, created_at DESC)`,
    );
    await queryRunner.query(`CREATE SEQUENCE sessions.chatter_version_seq`);
    await queryRunner.query(`
      CREATE TABLE sessions.chatters (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions.sessions (id) ON DELETE CASCADE,
        twitch_id text NOT NULL,
        username text NOT NULL,
        display_name text NOT NULL,
        profile_image text,
        first_message text NOT NULL,
        message_count integer NOT NULL,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        is_greeted boolean NOT NULL DEFAULT false,
        greeted_at timestamptz,
        greeted_by uuid,
        is_first_time_chatter boolean NOT NULL DEFAULT false,
        is_returning_chatter boolean NOT NULL DEFAULT false,
        version bigint NOT NULL DEFAULT nextval('sessions.chatter_version_seq'),
        CONSTRAINT chatters_session_twitch_id_key UNIQUE (session_id, twitch_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX chatters_session_first_seen_idx ON sessions.chatters (session_id, first_seen_at, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX chatters_session_version_idx ON sessions.chatters (session_id, version)`,
    );
    await queryRunner.query(`
      CREATE TABLE sessions.chat_lines_seen (
        session_id uuid NOT NULL REFERENCES sessions.sessions (id) ON DELETE CASCADE,
        message_id text NOT NULL,
        PRIMARY KEY (session_id, message_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE sessions.ignored_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        username text NOT NULL,
        reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX ignored_users_owner_username_key ON sessions.ignored_users (owner_id, lower(username))`,
    );
    await queryRunner.query(`
      CREATE TABLE sessions.global_editors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        editor_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT global_editors_owner_editor_key UNIQUE (owner_id, editor_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX global_editors_editor_idx ON sessions.global_editors (editor_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE sessions.global_editor_invites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sender_id uuid NOT NULL,
        receiver_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'accepted', 'declined')),
        created_at timestamptz NOT NULL DEFAULT now(),
        answered_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX global_editor_invites_pending_key
         ON sessions.global_editor_invites (sender_id, receiver_id) WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX global_editor_invites_receiver_idx ON sessions.global_editor_invites (receiver_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'global_editor_invites',
      'global_editors',
      'ignored_users',
      'chat_lines_seen',
      'chatters',
      'sessions',
      'user_tombstones',
      'users',
    ]) {
      await queryRunner.query(`DROP TABLE sessions.${table}`);
    }
    await queryRunner.query(`DROP SEQUENCE sessions.chatter_version_seq`);
  }
}
