import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donations reserved before reservations had rows of their own cannot satisfy the constraints the
 * Reservations migration adds (a reserved donation names its reservation). Their reservers are set
 * aside here, just before it, and given back by RestoreUnlinkedReservations just after it. A
 * database that already has reservations ran the earlier, self-contained version: nothing to do.
 */
export class SetAsideUnlinkedReservations1763765000000 implements MigrationInterface {
  name = 'SetAsideUnlinkedReservations1763765000000';

  async up(q: QueryRunner): Promise<void> {
    if (await q.hasTable('donations.reservations')) return;
    await q.query(`CREATE TABLE "donations"."unlinked_reservations" AS
      SELECT "id" AS "donation_id", "reserved_by_id" AS "reserver_id", "reserved_at", "auto_expire_at"
      FROM "donations"."donations" WHERE "status" = 'reserved'`);
    await q.query(`UPDATE "donations"."donations" SET "status" = 'available', "reserved_by_id" = NULL, "reserved_at" = NULL, "auto_expire_at" = NULL
      WHERE "status" = 'reserved'`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (!(await q.hasTable('donations.unlinked_reservations'))) return;
    await q.query(`UPDATE "donations"."donations" d SET "status" = 'reserved', "reserved_by_id" = u."reserver_id", "reserved_at" = u."reserved_at",
      "auto_expire_at" = u."auto_expire_at" FROM "donations"."unlinked_reservations" u WHERE d."id" = u."donation_id"`);
    await q.query(`DROP TABLE "donations"."unlinked_reservations"`);
  }
}
