import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spots: the public positions (points of the 0.01° grid) donations are shown at, one row each.
 * The nearby search walks spots nearest first and reads each spot's donations in id order, so a
 * page never reads a whole group of donations tied at one spot (docs/decisions/0007-search-strategy.md).
 *
 * A donation's spot is computed from its position (a generated column: no write can forget it);
 * a trigger records each new spot in the same transaction as the donation that first uses it.
 * Spots are never deleted: one left empty costs a search one index probe.
 */
export class SearchSpots1764100000000 implements MigrationInterface {
  name = 'SearchSpots1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // Latitude and longitude in hundredths of a degree, packed in one key (longitude + 500000 is
    // always within 0..999999).
    await q.query(`ALTER TABLE "donations"."donations" ADD COLUMN "spot" bigint NOT NULL
      GENERATED ALWAYS AS (round("latitude"::numeric * 100)::bigint * 1000000 + round("longitude"::numeric * 100)::bigint + 500000) STORED`);
    await q.query(`CREATE TABLE "donations"."spots" (
      "spot" bigint PRIMARY KEY,
      "latitude" double precision NOT NULL,
      "longitude" double precision NOT NULL,
      "location" geography(Point, 4326) NOT NULL
    )`);
    // The same rounding as the donations' public position (PUBLIC_POINT), so distances match.
    const spotOf = (row: string) => `${row}."spot",
      round(${row}."latitude"::numeric, 2)::float8, round(${row}."longitude"::numeric, 2)::float8,
      ST_SetSRID(ST_MakePoint(round(${row}."longitude"::numeric, 2)::float8, round(${row}."latitude"::numeric, 2)::float8), 4326)::geography`;
    await q.query(`CREATE FUNCTION "donations"."record_spot"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "donations"."spots" ("spot", "latitude", "longitude", "location") VALUES (${spotOf('NEW')})
        ON CONFLICT ("spot") DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "donations_record_spot" AFTER INSERT OR UPDATE OF "latitude", "longitude" ON "donations"."donations"
      FOR EACH ROW EXECUTE FUNCTION "donations"."record_spot"()`);
    await q.query(`INSERT INTO "donations"."spots" ("spot", "latitude", "longitude", "location")
      SELECT DISTINCT ON (d."spot") ${spotOf('d')} FROM "donations"."donations" d ORDER BY d."spot"`);
    await q.query(`CREATE INDEX "spots_location_idx" ON "donations"."spots" USING gist ("location")`);
    // A spot's donations of one status in id order (every status, so each filter walks the same way).
    await q.query(`CREATE INDEX "donations_spot_idx" ON "donations"."donations" ("spot", "status", "id")`);
    // Statistics for the new column and table now, not at autovacuum's next pass: the search's
    // plan is made from them.
    await q.query(`ANALYZE "donations"."donations" ("spot")`);
    await q.query(`ANALYZE "donations"."spots"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "donations_record_spot" ON "donations"."donations"`);
    await q.query(`DROP FUNCTION "donations"."record_spot"()`);
    await q.query(`DROP TABLE "donations"."spots"`);
    await q.query(`ALTER TABLE "donations"."donations" DROP COLUMN "spot"`);
  }
}
