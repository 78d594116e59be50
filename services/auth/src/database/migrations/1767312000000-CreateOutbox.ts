import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Domain events written in the same transaction as the change they describe (DomainEventOutbox). */
export class CreateOutbox1767312000000 implements MigrationInterface {
  name = 'CreateOutbox1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."outbox" (
        "id" bigserial PRIMARY KEY,
        "subject" text NOT NULL,
        "msg_id" text NOT NULL,
        "payload" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."outbox"`);
  }
}
