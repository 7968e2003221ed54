import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search across French, Arabic and Darija (decision 0043): which version of the text index each
 * donation's `search_text` was built with (a job rebuilds older ones, so a change to the
 * normalisation or the lexicon reaches every donation), and the Latin-script words donations use,
 * with a trigram index for the typo tolerance. Needs pg_trgm (deploy/docker/postgres-init.sql).
 */
export class SearchWords1764550000000 implements MigrationInterface {
  name = 'SearchWords1764550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."donations" ADD COLUMN "search_version" integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX "donations_search_version_idx" ON "donations"."donations" ("search_version")`);
    await q.query(`CREATE TABLE "donations"."search_words" ("word" text COLLATE "C" PRIMARY KEY)`);
    await q.query(`CREATE INDEX "search_words_trigram_idx" ON "donations"."search_words" USING gin ("word" public.gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."search_words"`);
    await q.query(`ALTER TABLE "donations"."donations" DROP COLUMN "search_version"`);
  }
}
