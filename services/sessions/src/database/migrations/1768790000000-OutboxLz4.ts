import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox's payloads are compressed with lz4 instead of pglz. A batch of chat lines writes
 * one `ChattersChanged` of up to 250 snapshots (about 30 KB in JSON), which PostgreSQL
 * compresses on insert; pglz cost about 4 µs a snapshot, lz4 about 0.6, at the same size.
 * The rows live for milliseconds, so nothing else changes. The embedded database (PGlite) has
 * no lz4 and keeps pglz. Existing values keep their method; new ones use lz4.
 */
export class OutboxLz41768790000000 implements MigrationInterface {
  name = 'OutboxLz41768790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DO $$ BEGIN
         ALTER TABLE sessions.outbox ALTER COLUMN payload SET COMPRESSION lz4;
       EXCEPTION WHEN feature_not_supported THEN NULL;
       END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sessions.outbox ALTER COLUMN payload SET COMPRESSION default`,
    );
  }
}
