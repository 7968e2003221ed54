import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push (decision 0025): each member's devices, and the pushes waiting for their sender.
 * A delivery belongs to one subscription: removing the device (the push service answered
 * 404/410, or the member switched it off) drops what was still to be sent to it.
 */
export class PushSubscriptions1764000000000 implements MigrationInterface {
  name = 'PushSubscriptions1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "messaging"."push_subscriptions" (
      "id" uuid PRIMARY KEY,
      "member_id" uuid NOT NULL,
      "endpoint" text NOT NULL UNIQUE CHECK (length("endpoint") <= 2048),
      "p256dh" text NOT NULL,
      "auth" text NOT NULL,
      "language" text NOT NULL CHECK ("language" IN ('fr', 'ar')),
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "push_subscriptions_member_idx" ON "messaging"."push_subscriptions" ("member_id", "created_at" DESC)`);
    await q.query(`CREATE TABLE "messaging"."push_deliveries" (
      "id" uuid PRIMARY KEY,
      "subscription_id" uuid NOT NULL REFERENCES "messaging"."push_subscriptions" ("id") ON DELETE CASCADE,
      "payload" jsonb NOT NULL,
      "topic" text,
      "urgency" text NOT NULL DEFAULT 'normal',
      "ttl_seconds" integer NOT NULL,
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
      "claimed_until" timestamptz,
      "last_error" text,
      "failed_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "push_deliveries_due_idx" ON "messaging"."push_deliveries" ("next_attempt_at") WHERE "failed_at" IS NULL`);
    await q.query(`CREATE INDEX "push_deliveries_subscription_idx" ON "messaging"."push_deliveries" ("subscription_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "messaging"."push_deliveries"`);
    await q.query(`DROP TABLE "messaging"."push_subscriptions"`);
  }
}
