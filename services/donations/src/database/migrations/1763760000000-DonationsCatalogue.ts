import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Categories (with the 8 defaults of spec §3), donations with a PostGIS point, favourites, reports, members. */
export class DonationsCatalogue1763760000000 implements MigrationInterface {
  name = 'DonationsCatalogue1763760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "donations"."categories" (
      "id" serial PRIMARY KEY,
      "name" text NOT NULL UNIQUE,
      "icon" text NOT NULL,
      "color" text NOT NULL
    )`);
    await q.query(`INSERT INTO "donations"."categories" ("id", "name", "icon", "color") VALUES
      (1, 'Meubles', 'sofa', 'primary'),
      (2, 'Vêtements', 'shirt', 'secondary'),
      (3, 'Aliments', 'apple', 'green'),
      (4, 'Livres', 'book-open', 'yellow'),
      (5, 'Jouets', 'toy-brick', 'red'),
      (6, 'Électronique', 'smartphone', 'purple'),
      (7, 'Bébé', 'baby', 'blue'),
      (8, 'Autres', 'package', 'teal')`);
    await q.query(`SELECT setval('"donations"."categories_id_seq"', 8)`);

    // Display data of members, copied from users' events (design §2 read models).
    await q.query(`CREATE TABLE "donations"."members" (
      "user_id" uuid PRIMARY KEY,
      "username" text NOT NULL,
      "first_name" text,
      "last_name" text,
      "profile_image_url" text,
      "updated_at" timestamptz NOT NULL
    )`);

    await q.query(`CREATE TABLE "donations"."donations" (
      "id" serial PRIMARY KEY,
      "title" text NOT NULL,
      "description" text NOT NULL,
      "image_key" text NOT NULL,
      "thumbnail_key" text NOT NULL,
      "status" text NOT NULL DEFAULT 'available' CHECK ("status" IN ('available', 'reserved', 'completed', 'cancelled')),
      "category_id" integer NOT NULL REFERENCES "donations"."categories" ("id"),
      "owner_id" uuid NOT NULL,
      "city" text NOT NULL,
      "latitude" double precision NOT NULL CHECK ("latitude" BETWEEN -90 AND 90),
      "longitude" double precision NOT NULL CHECK ("longitude" BETWEEN -180 AND 180),
      "location" geography(Point, 4326) NOT NULL,
      "search_text" text NOT NULL,
      "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "search_text")) STORED,
      "points_value" integer NOT NULL DEFAULT 5,
      "guarantee_points" integer NOT NULL DEFAULT 2,
      "reservation_points" integer NOT NULL DEFAULT 2,
      "reserved_by_id" uuid,
      "reserved_at" timestamptz(3),
      "confirmed_at" timestamptz(3),
      "auto_expire_at" timestamptz(3),
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      "updated_at" timestamptz(3) NOT NULL DEFAULT now(),
      CHECK (("status" = 'reserved') = ("reserved_by_id" IS NOT NULL AND "reserved_at" IS NOT NULL))
    )`);
    await q.query(`CREATE INDEX "donations_location_idx" ON "donations"."donations" USING gist ("location")`);
    // The hot query ("available near me, nearest first") walks this smaller index.
    await q.query(`CREATE INDEX "donations_available_location_idx" ON "donations"."donations" USING gist ("location") WHERE "status" = 'available'`);
    await q.query(`CREATE INDEX "donations_search_idx" ON "donations"."donations" USING gin ("search")`);
    await q.query(`CREATE INDEX "donations_newest_idx" ON "donations"."donations" ("status", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "donations_owner_idx" ON "donations"."donations" ("owner_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "donations_reserved_by_idx" ON "donations"."donations" ("reserved_by_id") WHERE "reserved_by_id" IS NOT NULL`);

    await q.query(`CREATE TABLE "donations"."favorites" (
      "id" serial PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "donation_id" integer NOT NULL REFERENCES "donations"."donations" ("id") ON DELETE CASCADE,
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      UNIQUE ("user_id", "donation_id")
    )`);

    await q.query(`CREATE TABLE "donations"."reports" (
      "id" serial PRIMARY KEY,
      "donation_id" integer NOT NULL REFERENCES "donations"."donations" ("id") ON DELETE CASCADE,
      "reporter_id" uuid NOT NULL,
      "reason" text NOT NULL CHECK ("reason" IN ('commercial', 'inappropriate', 'dangerous', 'spam', 'other')),
      "details" text,
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      UNIQUE ("donation_id", "reporter_id")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."reports"`);
    await q.query(`DROP TABLE "donations"."favorites"`);
    await q.query(`DROP TABLE "donations"."donations"`);
    await q.query(`DROP TABLE "donations"."members"`);
    await q.query(`DROP TABLE "donations"."categories"`);
  }
}
