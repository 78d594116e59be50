import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics read model: sessions and chatters as the sessions service's events last
 * described them, each with the version it was written at. A deleted session stays as a
 * tombstone (`deleted`), and a removed user's id stays in `removed_users`, so a late or
 * redelivered older event cannot bring either back.
 */
export class CreateStatsTables1767500000000 implements MigrationInterface {
  name = 'CreateStatsTables1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stats.sessions (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        name text NOT NULL,
        is_active boolean NOT NULL,
        created_at timestamptz NOT NULL,
        started_at timestamptz,
        ended_at timestamptz,
        version bigint NOT NULL,
        deleted boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(
      `CREATE INDEX sessions_owner_idx ON stats.sessions (owner_id) WHERE NOT deleted`,
    );
    await queryRunner.query(`
      CREATE TABLE stats.chatters (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        first_seen_at timestamptz NOT NULL,
        message_count integer NOT NULL,
        is_greeted boolean NOT NULL,
        greeted_at timestamptz,
        version bigint NOT NULL
      )`);
    // Figures scan a user's (or a session's) chatters by first seen and by greeted time.
    for (const scope of ['owner_id', 'session_id']) {
      const name = scope.replace('_id', '');
      await queryRunner.query(
        `CREATE INDEX chatters_${name}_seen_idx ON stats.chatters (${scope}, first_seen_at)
           INCLUDE (is_greeted, greeted_at)`,
      );
      await queryRunner.query(
        `CREATE INDEX chatters_${name}_greeted_idx ON stats.chatters (${scope}, greeted_at)
           WHERE greeted_at IS NOT NULL`,
      );
    }
    await queryRunner.query(`
      CREATE TABLE stats.removed_users (
        id uuid PRIMARY KEY,
        removed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stats.removed_users`);
    await queryRunner.query(`DROP TABLE stats.chatters`);
    await queryRunner.query(`DROP TABLE stats.sessions`);
  }
}
