import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderation of rating comments (docs/product.md#rating-comments): members report a comment once
 * each; a moderator dismisses the reports or removes the comment. A removed comment is gone from
 * the rating (which stays), with who removed it and when, together or not at all; a closed report
 * keeps who closed it, when and how.
 */
export class RatingModeration1764500000000 implements MigrationInterface {
  name = 'RatingModeration1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."ratings" ADD COLUMN "comment_removed_at" timestamptz(3), ADD COLUMN "comment_removed_by" uuid`);
    await q.query(`ALTER TABLE "donations"."ratings" ADD CONSTRAINT "ratings_comment_removed_check"
      CHECK (("comment_removed_at" IS NULL) = ("comment_removed_by" IS NULL) AND ("comment_removed_at" IS NULL OR "comment" IS NULL))`);
    // A public profile reads a member's newest comments.
    await q.query(`CREATE INDEX "ratings_rated_comments_idx" ON "donations"."ratings" ("rated_id", "created_at" DESC) WHERE "comment" IS NOT NULL`);
    await q.query(`CREATE TABLE "donations"."rating_reports" (
      "id" serial PRIMARY KEY,
      "rating_id" integer NOT NULL REFERENCES "donations"."ratings" ("id") ON DELETE CASCADE,
      "reporter_id" uuid NOT NULL,
      "reason" varchar(20) NOT NULL,
      "details" varchar(1000),
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      "closed_at" timestamptz(3),
      "closed_by" uuid,
      "outcome" varchar(10) CHECK ("outcome" IN ('dismissed', 'removed')),
      CONSTRAINT "rating_reports_once" UNIQUE ("rating_id", "reporter_id"),
      CONSTRAINT "rating_reports_closed_check" CHECK (("closed_at" IS NULL) = ("closed_by" IS NULL) AND ("closed_at" IS NULL) = ("outcome" IS NULL))
    )`);
    await q.query(`CREATE INDEX "rating_reports_open_idx" ON "donations"."rating_reports" ("rating_id") WHERE "closed_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "donations"."rating_reports"`);
    await q.query(`DROP INDEX "donations"."ratings_rated_comments_idx"`);
    await q.query(`ALTER TABLE "donations"."ratings" DROP CONSTRAINT "ratings_comment_removed_check"`);
    await q.query(`ALTER TABLE "donations"."ratings" DROP COLUMN "comment_removed_by", DROP COLUMN "comment_removed_at"`);
  }
}
