import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waiting list, the handover code with its reminder, and saved searches
 * (docs/decisions/0016-waiting-list-alerts-and-handover.md).
 *
 * A donation offered to the next in line is `reserved` with no reservation yet: nobody else can
 * take it, and `offered_to_id` names who may. One offer per donation at a time is a unique index.
 */
export class NeighbourhoodFeatures1764000000000 implements MigrationInterface {
  name = 'NeighbourhoodFeatures1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."donations" ADD COLUMN "offered_to_id" uuid, ADD COLUMN "offer_expires_at" timestamptz(3)`);
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_reserved_check"`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_reserved_check"
      CHECK ("status" <> 'reserved'
        OR ("reserved_by_id" IS NOT NULL AND "reserved_at" IS NOT NULL AND "reservation_id" IS NOT NULL)
        OR ("offered_to_id" IS NOT NULL AND "offer_expires_at" IS NOT NULL AND "reserved_by_id" IS NULL AND "reservation_id" IS NULL))`);
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_available_check"`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_available_check"
      CHECK ("status" <> 'available' OR ("reserved_by_id" IS NULL AND "reservation_id" IS NULL AND "offered_to_id" IS NULL))`);
    await q.query(`CREATE INDEX "donations_offer_due_idx" ON "donations"."donations" ("offer_expires_at") WHERE "offered_to_id" IS NOT NULL`);

    await q.query(`CREATE TABLE "donations"."waitlist_entries" (
      "id" uuid PRIMARY KEY,
      "donation_id" integer NOT NULL REFERENCES "donations"."donations" ("id") ON DELETE CASCADE,
      "member_id" uuid NOT NULL,
      "state" text NOT NULL CHECK ("state" IN ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left', 'closed')),
      "joined_at" timestamptz(3) NOT NULL,
      "offered_at" timestamptz(3),
      "offer_expires_at" timestamptz(3),
      "closed_at" timestamptz(3)
    )`);
    await q.query(`CREATE UNIQUE INDEX "waitlist_one_place_key" ON "donations"."waitlist_entries" ("donation_id", "member_id") WHERE "state" IN ('waiting', 'offered')`);
    await q.query(`CREATE UNIQUE INDEX "waitlist_one_offer_key" ON "donations"."waitlist_entries" ("donation_id") WHERE "state" = 'offered'`);
    await q.query(`CREATE INDEX "waitlist_line_idx" ON "donations"."waitlist_entries" ("donation_id", "joined_at", "id") WHERE "state" = 'waiting'`);
    await q.query(`CREATE INDEX "waitlist_member_idx" ON "donations"."waitlist_entries" ("member_id") WHERE "state" IN ('waiting', 'offered')`);

    await q.query(`ALTER TABLE "donations"."reservations"
      ADD COLUMN "handover_code" text CHECK ("handover_code" ~ '^[0-9]{4}$'),
      ADD COLUMN "handover_attempts" integer NOT NULL DEFAULT 0,
      ADD COLUMN "reminder_sent_at" timestamptz(3)`);
    // Reservations already under way get their code too (they were made before codes existed).
    await q.query(`UPDATE "donations"."reservations" SET "handover_code" = lpad(floor(random() * 10000)::int::text, 4, '0')
      WHERE "state" IN ('pending', 'active')`);
    await q.query(`CREATE INDEX "reservations_reminder_due_idx" ON "donations"."reservations" ("expires_at") WHERE "state" = 'active' AND "reminder_sent_at" IS NULL`);

    // The area is the search's disc as a polygon: a GiST index finds the searches whose disc
    // covers a new donation's point without reading every search.
    await q.query(`CREATE TABLE "donations"."saved_searches" (
      "id" uuid PRIMARY KEY,
      "member_id" uuid NOT NULL,
      "query" text NOT NULL DEFAULT '',
      "terms" tsquery,
      "category_id" integer,
      "city" text NOT NULL,
      "location" geography(Point, 4326) NOT NULL,
      "radius_m" integer NOT NULL CHECK ("radius_m" BETWEEN 1000 AND 50000),
      "area" geometry(Polygon, 4326) NOT NULL,
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      "updated_at" timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "saved_searches_area_idx" ON "donations"."saved_searches" USING gist ("area")`);
    await q.query(`CREATE INDEX "saved_searches_member_idx" ON "donations"."saved_searches" ("member_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."saved_searches"`);
    await q.query(`DROP INDEX "donations"."reservations_reminder_due_idx"`);
    await q.query(`ALTER TABLE "donations"."reservations" DROP COLUMN "handover_code", DROP COLUMN "handover_attempts", DROP COLUMN "reminder_sent_at"`);
    await q.query(`DROP TABLE "donations"."waitlist_entries"`);
    await q.query(`DROP INDEX "donations"."donations_offer_due_idx"`);
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_available_check"`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_available_check"
      CHECK ("status" <> 'available' OR ("reserved_by_id" IS NULL AND "reservation_id" IS NULL))`);
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_reserved_check"`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_reserved_check"
      CHECK ("status" <> 'reserved' OR ("reserved_by_id" IS NOT NULL AND "reserved_at" IS NOT NULL AND "reservation_id" IS NOT NULL))`);
    await q.query(`ALTER TABLE "donations"."donations" DROP COLUMN "offered_to_id", DROP COLUMN "offer_expires_at"`);
  }
}
