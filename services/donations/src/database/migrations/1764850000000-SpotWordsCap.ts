import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A spot's words (SpotWords) stop growing at 500 lexemes (decision 0043): past that, the spot
 * `holds_every_word` and keeps no list. A spot that many donations' descriptions have filled is a
 * city centre's, where nearly any word is held anyway; its list would leave the row for TOAST
 * (decompressed at every visit of the walk) and be copied whole each time it learnt a word. The
 * walk then reads such a spot's donations, as before spots knew their words: slower, never wrong.
 */
export class SpotWordsCap1764850000000 implements MigrationInterface {
  name = 'SpotWordsCap1764850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."spots" ADD COLUMN "holds_every_word" boolean NOT NULL DEFAULT false`);
    const capped = (words: string) => `CASE WHEN length(${words}) > ${MAX_SPOT_WORDS} THEN ''::tsvector ELSE ${words} END`;
    // A spot already known learns the new donation's words, or holds every word from now on.
    const full = `(EXCLUDED."holds_every_word" OR length("spots"."words" || EXCLUDED."words") > ${MAX_SPOT_WORDS})`;
    await q.query(`CREATE OR REPLACE FUNCTION "donations"."record_spot"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "donations"."spots" ("spot", "latitude", "longitude", "location", "words", "holds_every_word")
        VALUES (${spotOf('NEW')}, ${capped('strip(NEW."search")')}, length(strip(NEW."search")) > ${MAX_SPOT_WORDS})
        ON CONFLICT ("spot") DO UPDATE SET
          "words" = CASE WHEN ${full} THEN ''::tsvector ELSE "spots"."words" || EXCLUDED."words" END,
          "holds_every_word" = ${full}
          WHERE NOT "spots"."holds_every_word"
            AND (EXCLUDED."holds_every_word" OR NOT tsvector_to_array("spots"."words") @> tsvector_to_array(EXCLUDED."words"));
        RETURN NULL;
      END $$`);
    await q.query(`UPDATE "donations"."spots" SET "words" = ''::tsvector, "holds_every_word" = true WHERE length("words") > ${MAX_SPOT_WORDS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE FUNCTION "donations"."record_spot"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "donations"."spots" ("spot", "latitude", "longitude", "location", "words") VALUES (${spotOf('NEW')}, strip(NEW."search"))
        ON CONFLICT ("spot") DO UPDATE SET "words" = "spots"."words" || EXCLUDED."words"
          WHERE NOT tsvector_to_array("spots"."words") @> tsvector_to_array(EXCLUDED."words");
        RETURN NULL;
      END $$`);
    // A spot that held every word learns its words again from its donations.
    await q.query(`UPDATE "donations"."spots" s SET "words" = w."words"
      FROM (SELECT d."spot", array_to_tsvector(array_agg(DISTINCT l."lexeme")) AS "words"
            FROM "donations"."donations" d, unnest(d."search") AS l GROUP BY d."spot") w
      WHERE w."spot" = s."spot" AND s."holds_every_word"`);
    await q.query(`ALTER TABLE "donations"."spots" DROP COLUMN "holds_every_word"`);
  }
}

/** Past this many lexemes a spot holds every word (see above). */
const MAX_SPOT_WORDS = 500;

/** A spot's columns from a donation row, rounded as its public position is (as in SearchSpots). */
const spotOf = (row: string) => `${row}."spot",
  round(${row}."latitude"::numeric, 2)::float8, round(${row}."longitude"::numeric, 2)::float8,
  ST_SetSRID(ST_MakePoint(round(${row}."longitude"::numeric, 2)::float8, round(${row}."latitude"::numeric, 2)::float8), 4326)::geography`;
