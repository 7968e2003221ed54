import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMailOutboxTableV1, dropMailOutboxTableV1 } from '@hdiya/platform';

/**
 * Issue 20: the mail outbox, the member's language and verified address, one-use reset tokens and
 * address-verification tokens (SHA-256 only, as for resets). Existing addresses start unverified.
 */
export class AccountMails1795500000000 implements MigrationInterface {
  name = 'AccountMails1795500000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMailOutboxTableV1('users')) await q.query(sql);
    await q.query(`ALTER TABLE "users"."users"
      ADD COLUMN "language" text NOT NULL DEFAULT 'fr' CHECK ("language" IN ('fr', 'ar')),
      ADD COLUMN "email_verified_at" timestamptz`);
    await q.query(`ALTER TABLE "users"."password_reset_requests" ADD COLUMN "used_at" timestamptz`);
    await q.query(`CREATE UNIQUE INDEX "password_reset_requests_token_key" ON "users"."password_reset_requests" ("token_hash") WHERE "token_hash" IS NOT NULL`);
    await q.query(`CREATE TABLE "users"."email_verifications" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "users"."users" ("id") ON DELETE CASCADE,
      "email" text NOT NULL,
      "token_hash" text NOT NULL UNIQUE,
      "expires_at" timestamptz NOT NULL,
      "used_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "email_verifications_user_idx" ON "users"."email_verifications" ("user_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "users"."email_verifications"`);
    await q.query(`DROP INDEX "users"."password_reset_requests_token_key"`);
    await q.query(`ALTER TABLE "users"."password_reset_requests" DROP COLUMN "used_at"`);
    await q.query(`ALTER TABLE "users"."users" DROP COLUMN "email_verified_at", DROP COLUMN "language"`);
    for (const sql of dropMailOutboxTableV1('users')) await q.query(sql);
  }
}
