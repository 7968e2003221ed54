import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words each spot's donations carry (decision 0043): a search with words skips, on the spot
 * row its walk reads anyway, every spot where none of its donations holds them, instead of
 * reading those donations one by one. Cells (CellWords) still answer "absent from the radius"
 * before any walk; spots answer "not here" inside a cell that holds the word further away.
 *
 * Kept by the trigger that records spots, in the donation's transaction: a spot's words are the
 * union of the lexemes its donations ever carried (positions stripped). Never shrunk: a word left
 * by a donation gone costs that spot a visit, never a wrong answer. The update is skipped when the
 * spot already holds every lexeme, so a spot's row is rewritten only when it learns a word.
 */
export class SpotWords1764750000000 implements MigrationInterface {
  name = 'SpotWords1764750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."spots" ADD COLUMN "words" tsvector NOT NULL DEFAULT ''::tsvector`);
    await q.query(`CREATE OR REPLACE FUNCTION "donations"."record_spot"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "donations"."spots" ("spot", "latitude", "longitude", "location", "words") VALUES (${spotOf('NEW')}, strip(NEW."search"))
        ON CONFLICT ("spot") DO UPDATE SET "words" = "spots"."words" || EXCLUDED."words"
          WHERE NOT tsvector_to_array("spots"."words") @> tsvector_to_array(EXCLUDED."words");
        RETURN NULL;
      END $$`);
    // The words change with the search text as well as with the position.
    await q.query(`DROP TRIGGER "donations_record_spot" ON "donations"."donations"`);
    await q.query(`CREATE TRIGGER "donations_record_spot" AFTER INSERT OR UPDATE OF "latitude", "longitude", "search_text" ON "donations"."donations"
      FOR EACH ROW EXECUTE FUNCTION "donations"."record_spot"()`);
    await q.query(`UPDATE "donations"."spots" s SET "words" = w."words"
      FROM (SELECT d."spot", array_to_tsvector(array_agg(DISTINCT l."lexeme")) AS "words"
            FROM "donations"."donations" d, unnest(d."search") AS l GROUP BY d."spot") w
      WHERE w."spot" = s."spot"`);
    await q.query(`ANALYZE "donations"."spots"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "donations_record_spot" ON "donations"."donations"`);
    await q.query(`CREATE OR REPLACE FUNCTION "donations"."record_spot"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "donations"."spots" ("spot", "latitude", "longitude", "location") VALUES (${spotOf('NEW')})
        ON CONFLICT ("spot") DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "donations_record_spot" AFTER INSERT OR UPDATE OF "latitude", "longitude" ON "donations"."donations"
      FOR EACH ROW EXECUTE FUNCTION "donations"."record_spot"()`);
    await q.query(`ALTER TABLE "donations"."spots" DROP COLUMN "words"`);
  }
}

/** A spot's columns from a donation row, rounded as its public position is (as in SearchSpots). */
const spotOf = (row: string) => `${row}."spot",
  round(${row}."latitude"::numeric, 2)::float8, round(${row}."longitude"::numeric, 2)::float8,
  ST_SetSRID(ST_MakePoint(round(${row}."longitude"::numeric, 2)::float8, round(${row}."latitude"::numeric, 2)::float8), 4326)::geography`;
