import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 45: `disputed`, a reception the reserver confirmed alone and the donor said never happened
 * within 48 hours (decision 0056); the item went back to available.
 */
export class DisputedReceptions1765010000000 implements MigrationInterface {
  name = 'DisputedReceptions1765010000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."reservations" DROP CONSTRAINT "reservations_state_check"`);
    await q.query(`ALTER TABLE "donations"."reservations" ADD CONSTRAINT "reservations_state_check"
      CHECK ("state" IN ('pending', 'aborting', 'active', 'completed', 'cancelled', 'expired', 'failed', 'disputed'))`);
    // The record reads a member's gifts each way: completed reservations by reserver and by owner.
    await q.query(`CREATE INDEX "reservations_completed_owner_idx" ON "donations"."reservations" ("owner_id", "closed_at") WHERE "state" = 'completed'`);
    await q.query(`CREATE INDEX "reservations_completed_reserver_idx" ON "donations"."reservations" ("reserver_id", "closed_at") WHERE "state" = 'completed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "donations"."reservations_completed_reserver_idx"`);
    await q.query(`DROP INDEX "donations"."reservations_completed_owner_idx"`);
    await q.query(`ALTER TABLE "donations"."reservations" DROP CONSTRAINT "reservations_state_check"`);
    await q.query(`ALTER TABLE "donations"."reservations" ADD CONSTRAINT "reservations_state_check"
      CHECK ("state" IN ('pending', 'aborting', 'active', 'completed', 'cancelled', 'expired', 'failed'))`);
  }
}
