import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gifts as the points service saw them confirmed, for the daily cap on gift rewards, the pair
 * rule and the welcome lock (decision 0019); a withheld reward is a 0-point ledger entry, so the
 * member sees why; transfers sent in the last 24 hours are read by sender and time.
 */
export class GiftEconomy1763790000000 implements MigrationInterface {
  name = 'GiftEconomy1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "points"."gifts" (
      "reservation_id" uuid PRIMARY KEY,
      "donation_id" integer NOT NULL,
      "owner_id" uuid NOT NULL,
      "reserver_id" uuid NOT NULL,
      "confirmed_at" timestamptz NOT NULL,
      "paid" integer NOT NULL CHECK ("paid" >= 0),
      "withheld" integer NOT NULL CHECK ("withheld" >= 0),
      "withheld_by" text CHECK ("withheld_by" IN ('daily_cap', 'pair_limit')),
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "gifts_owner_idx" ON "points"."gifts" ("owner_id", "confirmed_at")`);
    await q.query(`CREATE INDEX "gifts_reserver_idx" ON "points"."gifts" ("reserver_id")`);
    await q.query(
      `CREATE INDEX "gifts_pair_idx" ON "points"."gifts" (LEAST("owner_id", "reserver_id"), GREATEST("owner_id", "reserver_id"), "confirmed_at")`,
    );
    await q.query(`ALTER TABLE "points"."ledger_entries" DROP CONSTRAINT "ledger_entries_amount_check"`);
    await q.query(
      `ALTER TABLE "points"."ledger_entries" ADD CONSTRAINT "ledger_entries_amount_check" CHECK ("amount" <> 0 OR "reason" = 'reward_withheld')`,
    );
    await q.query(`CREATE INDEX "transfers_sender_time_idx" ON "points"."transfers" ("sender_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "points"."transfers_sender_time_idx"`);
    await q.query(`DELETE FROM "points"."ledger_entries" WHERE "amount" = 0`);
    await q.query(`ALTER TABLE "points"."ledger_entries" DROP CONSTRAINT "ledger_entries_amount_check"`);
    await q.query(`ALTER TABLE "points"."ledger_entries" ADD CONSTRAINT "ledger_entries_amount_check" CHECK ("amount" <> 0)`);
    await q.query(`DROP TABLE "points"."gifts"`);
  }
}
