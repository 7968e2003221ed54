import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMembersTableV1 } from '@hdiya/platform';

/** Reservation holds, transfers, what the history shows (titles, related members), reliability. */
export class HoldsTransfersHistory1763770000000 implements MigrationInterface {
  name = 'HoldsTransfersHistory1763770000000';

  async up(q: QueryRunner): Promise<void> {
    // The donation's title as it was when the entry was written, for the history.
    await q.query(`ALTER TABLE "points"."ledger_entries" ADD COLUMN "donation_title" text`);
    // The reservation or transfer an entry belongs to: one entry per (reference, reason), whatever happens upstream.
    await q.query(`ALTER TABLE "points"."ledger_entries" ADD COLUMN "reference" uuid`);
    await q.query(`CREATE UNIQUE INDEX "ledger_entries_reference_key" ON "points"."ledger_entries" ("reference", "reason") WHERE "reference" IS NOT NULL`);

    await q.query(`CREATE TABLE "points"."holds" (
      "reservation_id" uuid PRIMARY KEY,
      "user_id" uuid,
      "donation_id" integer,
      "amount" integer NOT NULL CHECK ("amount" >= 0),
      "state" text NOT NULL CHECK ("state" IN ('open', 'captured', 'released', 'forfeited', 'voided')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "closed_at" timestamptz,
      -- a voided hold may be a tombstone for a reservation whose hold never came
      CHECK ("state" = 'voided' OR "user_id" IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX "holds_open_idx" ON "points"."holds" ("user_id") WHERE "state" = 'open'`);

    await q.query(`CREATE TABLE "points"."transfers" (
      "id" uuid PRIMARY KEY,
      "sender_id" uuid NOT NULL,
      "receiver_id" uuid NOT NULL CHECK ("receiver_id" <> "sender_id"),
      "points" integer NOT NULL CHECK ("points" > 0),
      "message" text,
      "idempotency_key" text,
      "sender_balance_after" integer NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      UNIQUE ("sender_id", "idempotency_key")
    )`);
    for (const sql of createMembersTableV1('points')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "points"."members"`);
    await q.query(`DROP TABLE "points"."transfers"`);
    await q.query(`DROP TABLE "points"."holds"`);
    await q.query(`DROP INDEX "points"."ledger_entries_reference_key"`);
    await q.query(`ALTER TABLE "points"."ledger_entries" DROP COLUMN "reference"`);
    await q.query(`ALTER TABLE "points"."ledger_entries" DROP COLUMN "donation_title"`);
  }
}
