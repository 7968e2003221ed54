import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words each cell of the map holds (decision 0043): cells of 0.1° (about 10 km), and every
 * lexeme of the search text of donations in them. A search with words first keeps the cells of its
 * radius that hold a form of every word, and the nearby walk visits only their spots: a word absent
 * nearby is answered by a few index probes instead of reading every donation of the radius.
 * Filled by a trigger in the donation's own transaction (as spots are); never emptied: a word left
 * in a cell costs that cell's spots a visit, never a wrong answer.
 */
export class CellWords1764600000000 implements MigrationInterface {
  name = 'CellWords1764600000000';

  async up(q: QueryRunner): Promise<void> {
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "donations_record_cell_words" ON "donations"."donations"`);
    await q.query(`DROP FUNCTION "donations"."record_cell_words"()`);
    await q.query(`DROP TABLE "donations"."cell_words"`);
    await q.query(`DROP FUNCTION "donations"."cell_of"(bigint)`);
  }
}
