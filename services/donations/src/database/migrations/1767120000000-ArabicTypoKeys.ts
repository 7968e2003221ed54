import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Typo tolerance for words in Arabic letters (decision 0078): each Arabic vocabulary word under
 * its letters and every way of dropping one of them, so a word one edit away is found by equal
 * keys, whatever the database's locale (pg_trgm sees no letter in Arabic under ctype `C`). Filled
 * with the vocabulary; the re-indexing job (search version 3) adds the words of donations already
 * published.
 */
export class ArabicTypoKeys1767120000000 implements MigrationInterface {
  name = 'ArabicTypoKeys1767120000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "donations"."search_word_keys" ("key" text COLLATE "C" NOT NULL, "word" text COLLATE "C" NOT NULL, PRIMARY KEY ("key", "word"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."search_word_keys"`);
  }
}
