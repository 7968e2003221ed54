import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spots' words in the spots' own index (decision 0043): one GiST index on (location, words),
 * so the nearby walk with words skips, inside the index, every spot none of whose donations holds
 * them, and a word absent from the radius is answered by the index's entries alone (at most the
 * 310 spots of a 10 km radius, no row read). It replaces the cells (`cell_words`, migration
 * CellWords): their probes and their part of the statement cost a text search more than the walk
 * they saved.
 *
 * An index answers `@@` on whole lexemes only; a prefix (`chais:*`) would let every spot through.
 * So a spot's words also hold, for each lexeme, its first three and first four letters behind
 * PREFIX ("ۓۓcha", "ۓۓchai"), and the search asks the index for those where the member typed a
 * prefix of three letters or more (`spotQueryOf` in search-text.ts): a superset, each donation's
 * own words still decide. A spot past 500 lexemes holds only EVERY_WORD, which every spot query
 * names (SpotWordsCap: such a spot's donations are read).
 */
export class SpotWordIndex1764900000000 implements MigrationInterface {
  name = 'SpotWordIndex1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION "donations"."spot_words"("words" tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN coalesce((SELECT array_to_tsvector(array_agg(DISTINCT t."lexeme"))
        FROM unnest(tsvector_to_array("words")) AS w("lexeme"),
             LATERAL (VALUES (w."lexeme"), ('${PREFIX}' || left(w."lexeme", 3)), ('${PREFIX}' || left(w."lexeme", 4))) AS t("lexeme")), ''::tsvector)`);
    await q.query(recordSpot(`"donations"."spot_words"(strip(NEW."search"))`, `'${EVERY_WORD}'::tsvector`));
    await q.query(`UPDATE "donations"."spots" s SET "words" = CASE WHEN length(w."words") > ${MAX_SPOT_WORDS} THEN '${EVERY_WORD}'::tsvector ELSE w."words" END,
        "holds_every_word" = length(w."words") > ${MAX_SPOT_WORDS}
      FROM (SELECT d."spot", "donations"."spot_words"(array_to_tsvector(array_agg(DISTINCT l."lexeme"))) AS "words"
            FROM "donations"."donations" d, unnest(d."search") AS l GROUP BY d."spot") w
      WHERE w."spot" = s."spot"`);
    // Lexemes up to 100 keep their hashes exact in a leaf (4 bytes each); past that, a signature of
    // 3,200 bits. The default 992 bits let a fifth of the bench's spots through a three-form query.
    await q.query(`CREATE INDEX "spots_location_words_idx" ON "donations"."spots" USING gist ("location", "words" tsvector_ops (siglen = 400))`);
    // It serves the walk without words as well (its first column): one index, one plan for both.
    await q.query(`DROP INDEX "donations"."spots_location_idx"`);
    await q.query(`DROP TRIGGER "donations_record_cell_words" ON "donations"."donations"`);
    await q.query(`DROP FUNCTION "donations"."record_cell_words"()`);
    await q.query(`DROP TABLE "donations"."cell_words"`);
    await q.query(`DROP FUNCTION "donations"."cell_of"(bigint)`);
    await q.query(`ANALYZE "donations"."spots"`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The cells as migration CellWords made them (its up's statements, copied: a migration holds
    // its own SQL).
    // A spot packs latitude and longitude in hundredths (see SearchSpots); its cell, in tenths.
    await q.query(`CREATE FUNCTION "donations"."cell_of"("spot" bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN ("spot" / 1000000 / 10) * 1000000 + ("spot" % 1000000) / 10`);
    await q.query(`CREATE TABLE "donations"."cell_words" (
      "cell" bigint NOT NULL,
      "word" text COLLATE "C" NOT NULL,
      PRIMARY KEY ("cell", "word")
    )`);
    await q.query(`CREATE FUNCTION "donations"."record_cell_words"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "donations"."cell_words" ("cell", "word")
          SELECT "donations"."cell_of"(NEW."spot"), w."lexeme" FROM unnest(NEW."search") AS w
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "donations_record_cell_words" AFTER INSERT OR UPDATE OF "search_text", "latitude", "longitude" ON "donations"."donations"
      FOR EACH ROW EXECUTE FUNCTION "donations"."record_cell_words"()`);
    await q.query(`INSERT INTO "donations"."cell_words" ("cell", "word")
      SELECT DISTINCT "donations"."cell_of"(d."spot"), w."lexeme" FROM "donations"."donations" d, unnest(d."search") AS w
      ON CONFLICT DO NOTHING`);
    await q.query(`ANALYZE "donations"."cell_words"`);
    await q.query(`CREATE INDEX "spots_location_idx" ON "donations"."spots" USING gist ("location")`);
    await q.query(`DROP INDEX "donations"."spots_location_words_idx"`);
    await q.query(recordSpot(`strip(NEW."search")`, `''::tsvector`));
    await q.query(`UPDATE "donations"."spots" s SET "words" = CASE WHEN length(w."words") > ${MAX_SPOT_WORDS} THEN ''::tsvector ELSE w."words" END,
        "holds_every_word" = length(w."words") > ${MAX_SPOT_WORDS}
      FROM (SELECT d."spot", array_to_tsvector(array_agg(DISTINCT l."lexeme")) AS "words"
            FROM "donations"."donations" d, unnest(d."search") AS l GROUP BY d."spot") w
      WHERE w."spot" = s."spot"`);
    await q.query(`DROP FUNCTION "donations"."spot_words"(tsvector)`);
  }
}

/** The mark of a lexeme's first letters (two of search-text.ts's MARK; `SPOT_PREFIX` there). */
const PREFIX = 'ۓۓ';
/** What a spot past the cap holds, and every spot query names: the mark alone, which no lexeme's first letters are (`SPOT_EVERY_WORD` there). */
const EVERY_WORD = PREFIX;
/** Past this many lexemes a spot holds every word (SpotWordsCap). */
const MAX_SPOT_WORDS = 500;

/**
 * The trigger that records spots (SpotWordsCap's), a donation bringing `words` (its lexemes as the
 * spot keeps them); a spot past the cap keeps `every` and holds every word from then on.
 */
function recordSpot(words: string, every: string): string {
  const capped = `CASE WHEN length(${words}) > ${MAX_SPOT_WORDS} THEN ${every} ELSE ${words} END`;
  const full = `(EXCLUDED."holds_every_word" OR length("spots"."words" || EXCLUDED."words") > ${MAX_SPOT_WORDS})`;
  return `CREATE OR REPLACE FUNCTION "donations"."record_spot"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "donations"."spots" ("spot", "latitude", "longitude", "location", "words", "holds_every_word")
        VALUES (${spotOf('NEW')}, ${capped}, length(${words}) > ${MAX_SPOT_WORDS})
        ON CONFLICT ("spot") DO UPDATE SET
          "words" = CASE WHEN ${full} THEN ${every} ELSE "spots"."words" || EXCLUDED."words" END,
          "holds_every_word" = ${full}
          WHERE NOT "spots"."holds_every_word"
            AND (EXCLUDED."holds_every_word" OR NOT tsvector_to_array("spots"."words") @> tsvector_to_array(EXCLUDED."words"));
        RETURN NULL;
      END $$`;
}

/** A spot's columns from a donation row, rounded as its public position is (as in SearchSpots). */
const spotOf = (row: string) => `${row}."spot",
  round(${row}."latitude"::numeric, 2)::float8, round(${row}."longitude"::numeric, 2)::float8,
  ST_SetSRID(ST_MakePoint(round(${row}."longitude"::numeric, 2)::float8, round(${row}."latitude"::numeric, 2)::float8), 4326)::geography`;
