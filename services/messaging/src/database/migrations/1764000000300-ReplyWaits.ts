import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who owes a reply (issue 20): one row per conversation whose last word is one member's and is
 * still unanswered, from the first message of that streak. It serves the "waiting since" figure
 * and the one-day reminder, whose `reminded_at` makes it once per streak. Filled from the
 * messages already there; streaks already a day old count as reminded (no burst at deploy).
 */
export class ReplyWaits1764000000300 implements MigrationInterface {
  name = 'ReplyWaits1764000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "messaging"."reply_waits" (
      "owing_id" uuid NOT NULL,
      "waiting_id" uuid NOT NULL,
      "donation_key" integer NOT NULL,
      "first_message_id" uuid NOT NULL,
      "since" timestamptz NOT NULL,
      "reminded_at" timestamptz,
      PRIMARY KEY ("owing_id", "waiting_id", "donation_key")
    )`);
    await q.query(`CREATE INDEX "reply_waits_due_idx" ON "messaging"."reply_waits" ("since") WHERE "reminded_at" IS NULL`);
    await q.query(`INSERT INTO "messaging"."reply_waits" ("owing_id", "waiting_id", "donation_key", "first_message_id", "since", "reminded_at")
      SELECT DISTINCT ON (m."receiver_id", m."sender_id", COALESCE(m."donation_id", 0))
        m."receiver_id", m."sender_id", COALESCE(m."donation_id", 0), m."id", m."created_at",
        CASE WHEN m."created_at" < now() - interval '1 day' THEN now() END
      FROM "messaging"."messages" m
      WHERE NOT EXISTS (
        SELECT 1 FROM "messaging"."messages" r
        WHERE LEAST(r."sender_id", r."receiver_id") = LEAST(m."sender_id", m."receiver_id")
          AND GREATEST(r."sender_id", r."receiver_id") = GREATEST(m."sender_id", m."receiver_id")
          AND COALESCE(r."donation_id", 0) = COALESCE(m."donation_id", 0)
          AND r."sender_id" = m."receiver_id" AND r."created_at" >= m."created_at")
      ORDER BY m."receiver_id", m."sender_id", COALESCE(m."donation_id", 0), m."created_at", m."id"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "messaging"."reply_waits"`);
  }
}
