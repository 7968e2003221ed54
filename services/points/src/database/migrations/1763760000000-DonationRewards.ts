import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where each donation's publishing reward stands (credited, reversed, or withdrawn before it came). */
export class DonationRewards1763760000000 implements MigrationInterface {
  name = 'DonationRewards1763760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "points"."donation_rewards" (
      "donation_id" integer PRIMARY KEY,
      "owner_id" uuid NOT NULL,
      "title" text NOT NULL,
      "state" text NOT NULL CHECK ("state" IN ('credited', 'reversed', 'withdrawn')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // One publishing reward per donation, whatever happens upstream.
    await q.query(
      `CREATE UNIQUE INDEX "ledger_entries_donation_reward_key" ON "points"."ledger_entries" ("donation_id", "reason") WHERE "reason" IN ('donation_published', 'donation_withdrawn')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "points"."ledger_entries_donation_reward_key"`);
    await q.query(`DROP TABLE "points"."donation_rewards"`);
  }
}
