import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `aborting`: a reservation recovery has locked out before voiding its hold. It still claims its
 * donation (one open reservation per donation) until it ends as `failed`.
 */
export class AbortingReservations1763780000000 implements MigrationInterface {
  name = 'AbortingReservations1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."reservations" DROP CONSTRAINT "reservations_state_check"`);
    await q.query(`ALTER TABLE "donations"."reservations" ADD CONSTRAINT "reservations_state_check"
      CHECK ("state" IN ('pending', 'aborting', 'active', 'completed', 'cancelled', 'expired', 'failed'))`);
    await q.query(`DROP INDEX "donations"."reservations_open_key"`);
    await q.query(`CREATE UNIQUE INDEX "reservations_open_key" ON "donations"."reservations" ("donation_id") WHERE "state" IN ('pending', 'aborting', 'active')`);
    await q.query(`CREATE INDEX "reservations_aborting_idx" ON "donations"."reservations" ("reserved_at") WHERE "state" = 'aborting'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "donations"."reservations_aborting_idx"`);
    await q.query(`DROP INDEX "donations"."reservations_open_key"`);
    await q.query(`CREATE UNIQUE INDEX "reservations_open_key" ON "donations"."reservations" ("donation_id") WHERE "state" IN ('pending', 'active')`);
    await q.query(`ALTER TABLE "donations"."reservations" DROP CONSTRAINT "reservations_state_check"`);
    await q.query(`ALTER TABLE "donations"."reservations" ADD CONSTRAINT "reservations_state_check"
      CHECK ("state" IN ('pending', 'active', 'completed', 'cancelled', 'expired', 'failed'))`);
  }
}
