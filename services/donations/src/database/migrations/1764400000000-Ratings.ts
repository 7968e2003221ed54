import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ratings after a gift (docs/product.md#ratings): one per member and donation, of the other party;
 * and whether a gift was confirmed with the handover code, which makes its ratings verified.
 */
export class Ratings1764400000000 implements MigrationInterface {
  name = 'Ratings1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."reservations" ADD COLUMN "confirmed_with_code" boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE "donations"."ratings" (
      "id" serial PRIMARY KEY,
      "donation_id" integer NOT NULL REFERENCES "donations"."donations" ("id") ON DELETE CASCADE,
      "rater_id" uuid NOT NULL,
      "rated_id" uuid NOT NULL,
      "value" varchar(4) NOT NULL CHECK ("value" IN ('up', 'down')),
      "reason" varchar(20),
      "comment" varchar(300),
      "verified" boolean NOT NULL,
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      CONSTRAINT "ratings_once" UNIQUE ("donation_id", "rater_id"),
      CONSTRAINT "ratings_not_self" CHECK ("rater_id" <> "rated_id"),
      CONSTRAINT "ratings_down_has_reason" CHECK ("value" = 'up' OR "reason" IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX "ratings_rated_idx" ON "donations"."ratings" ("rated_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."ratings"`);
    await q.query(`ALTER TABLE "donations"."reservations" DROP COLUMN "confirmed_with_code"`);
  }
}
