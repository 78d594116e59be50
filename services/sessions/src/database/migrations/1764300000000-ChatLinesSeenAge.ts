import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each counted line was recorded, so that the ids of lines JetStream can no longer
 * redeliver are pruned (ChatLinesSeenPruner). BRIN: rows arrive in time order, and the index
 * costs next to nothing on the pipeline's hot insert.
 */
export class ChatLinesSeenAge1764300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sessions.chat_lines_seen ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(
      `CREATE INDEX chat_lines_seen_seen_at_idx ON sessions.chat_lines_seen USING brin (seen_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions.chat_lines_seen DROP COLUMN seen_at`);
  }
}
