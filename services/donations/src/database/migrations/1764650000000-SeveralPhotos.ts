import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Up to 5 photos per donation, ordered (decision 0044): an attached upload has its `position`, 0
 * the cover. `donations.image_key` stays the cover's key, so lists still read one row per
 * donation. The unique (donation, position) stays immediate (uploads are registered with ON
 * CONFLICT, which cannot use a deferred one): a reorder first clears the donation's positions.
 */
export class SeveralPhotos1764650000000 implements MigrationInterface {
  name = 'SeveralPhotos1764650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."images" ADD COLUMN "position" smallint CHECK ("position" BETWEEN 0 AND 4)`);
    // Each donation's one photo so far is its cover.
    await q.query(`UPDATE "donations"."images" SET "position" = 0 WHERE "donation_id" IS NOT NULL`);
    await q.query(`ALTER TABLE "donations"."images" DROP CONSTRAINT "images_donation_id_key"`);
    await q.query(`ALTER TABLE "donations"."images" ADD CONSTRAINT "images_donation_position_key"
      UNIQUE ("donation_id", "position")`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Only the covers can go back to one photo per donation; the other photos become unattached uploads.
    await q.query(`UPDATE "donations"."images" SET "donation_id" = NULL WHERE "position" > 0`);
    await q.query(`ALTER TABLE "donations"."images" DROP CONSTRAINT "images_donation_position_key"`);
    await q.query(`ALTER TABLE "donations"."images" ADD CONSTRAINT "images_donation_id_key" UNIQUE ("donation_id")`);
    await q.query(`ALTER TABLE "donations"."images" DROP COLUMN "position"`);
  }
}
