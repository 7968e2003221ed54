import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who uploaded each photo, and the one donation it belongs to: a member can only attach their
 * own uploads, and an object is deleted only once no donation references it.
 */
export class DonationImages1763790000000 implements MigrationInterface {
  name = 'DonationImages1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "donations"."images" (
      "image_key" text PRIMARY KEY,
      "thumbnail_key" text NOT NULL UNIQUE,
      "uploader_id" uuid NOT NULL,
      "donation_id" integer UNIQUE REFERENCES "donations"."donations" ("id") ON DELETE SET NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "images_unattached_idx" ON "donations"."images" ("created_at") WHERE "donation_id" IS NULL`);
    // Photos already in use belong to their donation's owner. Where two donations share one key
    // (the attack this table stops), the older donation keeps it; the other still references it,
    // so the object is never deleted while either exists.
    await q.query(`INSERT INTO "donations"."images" ("image_key", "thumbnail_key", "uploader_id", "donation_id", "created_at")
      SELECT DISTINCT ON ("image_key") "image_key", "thumbnail_key", "owner_id", "id", "created_at"
      FROM "donations"."donations" ORDER BY "image_key", "id"
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."images"`);
  }
}
