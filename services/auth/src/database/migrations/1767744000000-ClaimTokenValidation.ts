import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every replica validates Twitch tokens in short rounds (ADR 0044). A round claims the tokens
 * it validates until `validation_claimed_until`, so two replicas never validate one token in
 * the same round; a claim of a replica that died lapses by itself. The index serves the
 * round's question, "which tokens were validated longest ago".
 */
export class ClaimTokenValidation1767744000000 implements MigrationInterface {
  name = 'ClaimTokenValidation1767744000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "auth"."twitch_tokens" ADD COLUMN "validation_claimed_until" timestamptz`,
    );
    await queryRunner.query(
      `CREATE INDEX "twitch_tokens_validated_at_idx" ON "auth"."twitch_tokens" ("validated_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auth"."twitch_tokens_validated_at_idx"`);
    await queryRunner.query(
      `ALTER TABLE "auth"."twitch_tokens" DROP COLUMN "validation_claimed_until"`,
    );
  }
}
