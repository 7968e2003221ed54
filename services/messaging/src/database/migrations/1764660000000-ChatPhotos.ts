import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Photos in chat (decision 0045). A message may carry a photo: its two object keys (display and
 * thumbnail), each held by one message only. A photo is recorded in `chat_photo_uploads` before
 * its bytes are stored and leaves it in the transaction that stores its message; records left
 * there (a request that died half-way) are swept with their objects.
 */
export class ChatPhotos1764660000000 implements MigrationInterface {
  name = 'ChatPhotos1764660000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messaging"."messages" ADD COLUMN "photo_key" text, ADD COLUMN "photo_thumbnail_key" text`);
    await q.query(`ALTER TABLE "messaging"."messages" ADD CONSTRAINT "messages_photo_keys_chk" CHECK (("photo_key" IS NULL) = ("photo_thumbnail_key" IS NULL))`);
    // A photo's caption may be empty; a text message still may not.
    await q.query(`ALTER TABLE "messaging"."messages" DROP CONSTRAINT "messages_content_check",
      ADD CONSTRAINT "messages_content_check" CHECK (length("content") <= 2000 AND (length("content") >= 1 OR "photo_key" IS NOT NULL))`);
    await q.query(`CREATE UNIQUE INDEX "messages_photo_key_idx" ON "messaging"."messages" ("photo_key") WHERE "photo_key" IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX "messages_photo_thumbnail_key_idx" ON "messaging"."messages" ("photo_thumbnail_key") WHERE "photo_thumbnail_key" IS NOT NULL`);
    await q.query(`CREATE TABLE "messaging"."chat_photo_uploads" (
      "image_key" text PRIMARY KEY,
      "thumbnail_key" text NOT NULL UNIQUE,
      "sender_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "chat_photo_uploads_created_idx" ON "messaging"."chat_photo_uploads" ("created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "messaging"."chat_photo_uploads"`);
    await q.query(`DELETE FROM "messaging"."messages" WHERE "photo_key" IS NOT NULL AND "content" = ''`);
    await q.query(`ALTER TABLE "messaging"."messages" DROP CONSTRAINT "messages_content_check",
      ADD CONSTRAINT "messages_content_check" CHECK (length("content") BETWEEN 1 AND 2000)`);
    await q.query(`ALTER TABLE "messaging"."messages" DROP CONSTRAINT "messages_photo_keys_chk", DROP COLUMN "photo_key", DROP COLUMN "photo_thumbnail_key"`);
  }
}
