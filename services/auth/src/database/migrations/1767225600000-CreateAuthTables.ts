import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, their settings and their encrypted Twitch tokens. */
export class CreateAuthTables1767225600000 implements MigrationInterface {
  name = 'CreateAuthTables1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "twitch_id" varchar(32) NOT NULL,
        "username" varchar(25) NOT NULL,
        "display_name" varchar(64) NOT NULL,
        "profile_image" varchar(2048),
        "is_approved" boolean NOT NULL DEFAULT false,
        "is_admin" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "users_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_twitch_id_key" ON "auth"."users" ("twitch_id")`,
    );
    await queryRunner.query(`CREATE INDEX "users_username_idx" ON "auth"."users" ("username")`);
    await queryRunner.query(`
      CREATE TABLE "auth"."user_settings" (
        "user_id" uuid NOT NULL,
        "sound_notifications" boolean NOT NULL,
        "auto_start_sessions" boolean NOT NULL,
        "obs_mode" boolean NOT NULL,
        "announce_session_status" boolean NOT NULL,
        "theme" varchar(8) NOT NULL,
        "default_keywords" text NOT NULL,
        "language" varchar(8) NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "user_settings_pkey" PRIMARY KEY ("user_id"),
        CONSTRAINT "user_settings_user_fkey" FOREIGN KEY ("user_id")
          REFERENCES "auth"."users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "auth"."twitch_tokens" (
        "user_id" uuid NOT NULL,
        "access_token" text NOT NULL,
        "refresh_token" text NOT NULL,
        "scopes" text[] NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "validated_at" timestamptz NOT NULL,
        CONSTRAINT "twitch_tokens_pkey" PRIMARY KEY ("user_id"),
        CONSTRAINT "twitch_tokens_user_fkey" FOREIGN KEY ("user_id")
          REFERENCES "auth"."users" ("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."twitch_tokens"`);
    await queryRunner.query(`DROP TABLE "auth"."user_settings"`);
    await queryRunner.query(`DROP TABLE "auth"."users"`);
  }
}
