import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Asks, "Je cherche" (docs/product.md#asks): what a member needs, kept like a saved search (words
 * as a tsquery, a disc around a place) so new donations are matched against both the same way,
 * and the matches a donation's owner sees unnamed and may offer the item to.
 */
export class Asks1764700000000 implements MigrationInterface {
  name = 'Asks1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "donations"."asks" (
      "id" uuid PRIMARY KEY,
      "member_id" uuid NOT NULL,
      "title" varchar(80) NOT NULL,
      "terms" tsquery,
      "category_id" integer,
      "city" text NOT NULL,
      "location" geography(Point, 4326) NOT NULL,
      "public_location" geography(Point, 4326) NOT NULL,
      "radius_m" integer NOT NULL CHECK ("radius_m" BETWEEN 1000 AND 50000),
      "area" geometry(Polygon, 4326) NOT NULL,
      "visibility" varchar(8) NOT NULL CHECK ("visibility" IN ('public', 'discreet')),
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      "expires_at" timestamptz(3) NOT NULL,
      "closed_at" timestamptz(3)
    )`);
    // New donations are matched against the discs of asks not closed (expiry is checked on those few).
    await q.query(`CREATE INDEX "asks_area_idx" ON "donations"."asks" USING gist ("area") WHERE "closed_at" IS NULL`);
    // The public list: open public asks near a place, by their rounded position.
    await q.query(`CREATE INDEX "asks_public_idx" ON "donations"."asks" USING gist ("public_location") WHERE "visibility" = 'public' AND "closed_at" IS NULL`);
    await q.query(`CREATE INDEX "asks_member_idx" ON "donations"."asks" ("member_id", "created_at")`);
    await q.query(`CREATE TABLE "donations"."ask_matches" (
      "id" uuid PRIMARY KEY,
      "ask_id" uuid NOT NULL REFERENCES "donations"."asks" ("id") ON DELETE CASCADE,
      "donation_id" integer NOT NULL REFERENCES "donations"."donations" ("id") ON DELETE CASCADE,
      "member_id" uuid NOT NULL,
      "how" varchar(8) NOT NULL CHECK ("how" IN ('matched', 'answered')),
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      "offered_at" timestamptz(3),
      UNIQUE ("donation_id", "member_id")
    )`);
    await q.query(`CREATE INDEX "ask_matches_ask_idx" ON "donations"."ask_matches" ("ask_id") WHERE "offered_at" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."ask_matches"`);
    await q.query(`DROP TABLE "donations"."asks"`);
  }
}
