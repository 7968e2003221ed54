import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMailOutboxTableV1, dropMailOutboxTableV1 } from '@hdiya/platform';

/**
 * Reaching members who are away (decision 0027): the mail outbox, what each notification has been through (seen on
 * an open page, mailed, pushed, since its last activity), one schedule row per member (when their
 * next digest mail and push are due) and their choices per kind and channel.
 */
export class NotificationDispatch1764300000000 implements MigrationInterface {
  name = 'NotificationDispatch1764300000000';

  async up(q: QueryRunner): Promise<void> {
    // Notification mails leave through the service's own mail outbox (decision 0024).
    for (const sql of createMailOutboxTableV1('messaging')) await q.query(sql);
    // activity_at: the notice's latest event (a conversation's notice is renewed by each new message).
    await q.query(`ALTER TABLE "messaging"."notifications"
      ADD COLUMN "activity_at" timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN "seen_at" timestamptz,
      ADD COLUMN "mailed_at" timestamptz,
      ADD COLUMN "pushed_at" timestamptz`);
    // What existed before counts as seen: nobody gets a mail about last month.
    await q.query(`UPDATE "messaging"."notifications" SET "seen_at" = "activity_at" WHERE "read_at" IS NULL`);
    await q.query(`CREATE TABLE "messaging"."dispatch_schedule" (
      "member_id" uuid PRIMARY KEY,
      "mail_due_at" timestamptz,
      "push_due_at" timestamptz,
      "last_mail_at" timestamptz
    )`);
    await q.query(`CREATE INDEX "dispatch_schedule_due_idx" ON "messaging"."dispatch_schedule" (LEAST("mail_due_at", "push_due_at"))
      WHERE "mail_due_at" IS NOT NULL OR "push_due_at" IS NOT NULL`);
    await q.query(`CREATE TABLE "messaging"."notification_preferences" (
      "member_id" uuid NOT NULL,
      "kind" text NOT NULL,
      "email" boolean NOT NULL DEFAULT true,
      "push" boolean NOT NULL DEFAULT true,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("member_id", "kind")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "messaging"."notification_preferences"`);
    for (const sql of dropMailOutboxTableV1('messaging')) await q.query(sql);
    await q.query(`DROP TABLE "messaging"."dispatch_schedule"`);
    await q.query(`ALTER TABLE "messaging"."notifications" DROP COLUMN "activity_at", DROP COLUMN "seen_at", DROP COLUMN "mailed_at", DROP COLUMN "pushed_at"`);
  }
}
