import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 45: the support inbox. A contact message keeps the language its sender wrote in (replies
 * are mailed in it) and its state: `new` until a moderator's first reply, then `answered`.
 * Messages stored before this wrote in French as far as anyone knows, and were never answered here.
 */
export class SupportInbox1797001000000 implements MigrationInterface {
  name = 'SupportInbox1797001000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users"."contact_messages"
      ADD COLUMN "language" text NOT NULL DEFAULT 'fr' CHECK ("language" IN ('fr', 'ar')),
      ADD COLUMN "status" text NOT NULL DEFAULT 'new' CHECK ("status" IN ('new', 'answered'))`);
    // The inbox's order: 'new' sorts after 'answered', so DESC puts the unanswered first, then the newest.
    await q.query(`CREATE INDEX "contact_messages_inbox_idx" ON "users"."contact_messages" ("status" DESC, "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE TABLE "users"."contact_replies" (
      "id" uuid PRIMARY KEY,
      "contact_message_id" uuid NOT NULL REFERENCES "users"."contact_messages" ("id") ON DELETE CASCADE,
      "author_id" uuid NOT NULL,
      "message" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "contact_replies_message_idx" ON "users"."contact_replies" ("contact_message_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "users"."contact_replies"`);
    await q.query(`DROP INDEX "users"."contact_messages_inbox_idx"`);
    await q.query(`ALTER TABLE "users"."contact_messages" DROP COLUMN "status", DROP COLUMN "language"`);
  }
}
