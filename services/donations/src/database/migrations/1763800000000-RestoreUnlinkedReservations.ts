import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gives back the reservations SetAsideUnlinkedReservations kept aside: each becomes an active
 * reservation with no hold (when it ends, nothing is captured or refunded), and its donation is
 * reserved again, naming it. Idempotent: without the side table there is nothing to restore.
 */
export class RestoreUnlinkedReservations1763800000000 implements MigrationInterface {
  name = 'RestoreUnlinkedReservations1763800000000';

  async up(q: QueryRunner): Promise<void> {
    if (!(await q.hasTable('donations.unlinked_reservations'))) return;
    await q.query(`INSERT INTO "donations"."reservations" ("id", "donation_id", "reserver_id", "owner_id", "state", "reserved_at", "expires_at")
      SELECT gen_random_uuid(), u."donation_id", u."reserver_id", d."owner_id", 'active', u."reserved_at",
             COALESCE(u."auto_expire_at", u."reserved_at" + interval '10 days')
      FROM "donations"."unlinked_reservations" u JOIN "donations"."donations" d ON d."id" = u."donation_id"
      WHERE d."status" = 'available'`);
    await q.query(`UPDATE "donations"."donations" d SET "status" = 'reserved', "reserved_by_id" = r."reserver_id", "reserved_at" = r."reserved_at",
      "auto_expire_at" = r."expires_at", "reservation_id" = r."id"
      FROM "donations"."reservations" r JOIN "donations"."unlinked_reservations" u ON u."donation_id" = r."donation_id"
      WHERE d."id" = r."donation_id" AND r."state" = 'active' AND d."status" = 'available'`);
    await q.query(`DROP TABLE "donations"."unlinked_reservations"`);
  }

  async down(): Promise<void> {
    // The restored reservations are ordinary ones now: nothing tells them apart to undo.
  }
}
