import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reservations: one open (pending or active) per donation; the donation points at its current one. */
export class Reservations1763770000000 implements MigrationInterface {
  name = 'Reservations1763770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "donations"."reservations" (
      "id" uuid PRIMARY KEY,
      "donation_id" integer NOT NULL REFERENCES "donations"."donations" ("id") ON DELETE CASCADE,
      "reserver_id" uuid NOT NULL,
      "owner_id" uuid NOT NULL,
      "state" text NOT NULL CHECK ("state" IN ('pending', 'active', 'completed', 'cancelled', 'expired', 'failed')),
      "reserved_at" timestamptz(3) NOT NULL,
      "expires_at" timestamptz(3) NOT NULL,
      "closed_at" timestamptz(3)
    )`);
    await q.query(`CREATE UNIQUE INDEX "reservations_open_key" ON "donations"."reservations" ("donation_id") WHERE "state" IN ('pending', 'active')`);
    await q.query(`CREATE INDEX "reservations_reserver_idx" ON "donations"."reservations" ("reserver_id", "reserved_at" DESC)`);
    await q.query(`CREATE INDEX "reservations_pending_idx" ON "donations"."reservations" ("reserved_at") WHERE "state" = 'pending'`);
    await q.query(`ALTER TABLE "donations"."donations" ADD COLUMN "reservation_id" uuid`);
    // A completed donation keeps who received it: reserver fields are required while reserved and
    // forbidden while available, free otherwise.
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_check"`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_reserved_check"
      CHECK ("status" <> 'reserved' OR ("reserved_by_id" IS NOT NULL AND "reserved_at" IS NOT NULL AND "reservation_id" IS NOT NULL))`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_available_check"
      CHECK ("status" <> 'available' OR ("reserved_by_id" IS NULL AND "reservation_id" IS NULL))`);
    await q.query(`CREATE INDEX "donations_expiry_idx" ON "donations"."donations" ("auto_expire_at") WHERE "status" = 'reserved'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "donations"."donations_expiry_idx"`);
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_available_check"`);
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_reserved_check"`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_check"
      CHECK (("status" = 'reserved') = ("reserved_by_id" IS NOT NULL AND "reserved_at" IS NOT NULL))`);
    await q.query(`ALTER TABLE "donations"."donations" DROP COLUMN "reservation_id"`);
    await q.query(`DROP TABLE "donations"."reservations"`);
  }
}
