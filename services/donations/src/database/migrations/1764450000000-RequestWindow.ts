import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request window (docs/product.md#request-window): a donation goes to the first who reserves
 * it, or the donor lets members ask until `requests_close_at` and chooses (or Hdiya draws a day
 * later, from the seed and the weights stored here, so the draw can be replayed).
 */
export class RequestWindow1764450000000 implements MigrationInterface {
  name = 'RequestWindow1764450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."donations"
      ADD COLUMN "allocation_mode" varchar(6) NOT NULL DEFAULT 'first' CHECK ("allocation_mode" IN ('first', 'choose')),
      ADD COLUMN "requests_close_at" timestamptz(3),
      ADD COLUMN "allocated_at" timestamptz(3),
      ADD COLUMN "draw_seed" varchar(32),
      ADD CONSTRAINT "donations_window_of_choose" CHECK (("allocation_mode" = 'choose') = ("requests_close_at" IS NOT NULL))`);
    // The draw job's look-up: windows still undecided, by close.
    await q.query(`CREATE INDEX "donations_undecided_window_idx" ON "donations"."donations" ("requests_close_at") WHERE "allocation_mode" = 'choose' AND "allocated_at" IS NULL`);
    await q.query(`CREATE TABLE "donations"."donation_requests" (
      "id" uuid PRIMARY KEY,
      "donation_id" integer NOT NULL REFERENCES "donations"."donations" ("id") ON DELETE CASCADE,
      "member_id" uuid NOT NULL,
      "message" varchar(200) NOT NULL,
      "state" varchar(10) NOT NULL CHECK ("state" IN ('open', 'withdrawn', 'chosen', 'not_chosen', 'skipped')),
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      "closed_at" timestamptz(3),
      "received_28d" integer,
      "draw_weight" float8,
      "draw_rank" integer
    )`);
    await q.query(`CREATE UNIQUE INDEX "donation_requests_one_open" ON "donations"."donation_requests" ("donation_id", "member_id") WHERE "state" = 'open'`);
    await q.query(`CREATE INDEX "donation_requests_donation_idx" ON "donations"."donation_requests" ("donation_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."donation_requests"`);
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_window_of_choose",
      DROP COLUMN "draw_seed", DROP COLUMN "allocated_at", DROP COLUMN "requests_close_at", DROP COLUMN "allocation_mode"`);
  }
}
