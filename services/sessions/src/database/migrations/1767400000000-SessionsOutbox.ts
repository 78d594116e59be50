import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxTableSql } from '@greetboard/persistence';

/**
 * The sessions outbox (domain events written in the transaction of their change) and a
 * per-session version that grows with every change of the session, so readers of its
 * events can tell a newer snapshot from an older one.
 */
export class SessionsOutbox1767400000000 implements MigrationInterface {
  name = 'SessionsOutbox1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(outboxTableSql('sessions'));
    await queryRunner.query(
      `ALTER TABLE sessions.sessions ADD COLUMN version bigint NOT NULL DEFAULT 1`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions.sessions DROP COLUMN version`);
    await queryRunner.query(`DROP TABLE sessions.outbox`);
  }
}
