import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hoarding limits (decision 0020): who cancelled a reservation (only the reserver's own cancel
 * starts the cooldown), a `skipped` end for an offer the owner passed on, and indexes for the
 * per-member counts and the cooldown look-up.
 */
export class HoardingLimits1764200000000 implements MigrationInterface {
  name = 'HoardingLimits1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."reservations" ADD COLUMN "cancelled_by" text CHECK ("cancelled_by" IN ('reserver', 'owner'))`);
    await q.query(`CREATE INDEX "reservations_open_by_reserver_idx" ON "donations"."reservations" ("reserver_id") WHERE "state" IN ('pending', 'aborting', 'active')`);
    await q.query(`CREATE INDEX "reservations_ended_by_reserver_idx" ON "donations"."reservations" ("reserver_id", "donation_id", "closed_at") WHERE "state" IN ('cancelled', 'expired')`);
    await q.query(`ALTER TABLE "donations"."waitlist_entries" DROP CONSTRAINT "waitlist_entries_state_check"`);
    await q.query(`ALTER TABLE "donations"."waitlist_entries" ADD CONSTRAINT "waitlist_entries_state_check"
      CHECK ("state" IN ('waiting', 'offered', 'accepted', 'declined', 'expired', 'skipped', 'left', 'closed'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "donations"."waitlist_entries" SET "state" = 'expired' WHERE "state" = 'skipped'`);
    await q.query(`ALTER TABLE "donations"."waitlist_entries" DROP CONSTRAINT "waitlist_entries_state_check"`);
    await q.query(`ALTER TABLE "donations"."waitlist_entries" ADD CONSTRAINT "waitlist_entries_state_check"
      CHECK ("state" IN ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left', 'closed'))`);
    await q.query(`DROP INDEX "donations"."reservations_ended_by_reserver_idx"`);
    await q.query(`DROP INDEX "donations"."reservations_open_by_reserver_idx"`);
    await q.query(`ALTER TABLE "donations"."reservations" DROP COLUMN "cancelled_by"`);
  }
}
