import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderators dismiss reports (a donation found acceptable stays online): who dismissed a report
 * and when are kept, together or not at all, and the open reports have an index of their own.
 */
export class DismissedReports1764310000000 implements MigrationInterface {
  name = 'DismissedReports1764310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."reports" ADD COLUMN "dismissed_at" timestamptz(3), ADD COLUMN "dismissed_by" uuid`);
    await q.query(`ALTER TABLE "donations"."reports" ADD CONSTRAINT "reports_dismissed_check"
      CHECK (("dismissed_at" IS NULL) = ("dismissed_by" IS NULL))`);
    await q.query(`CREATE INDEX "reports_open_idx" ON "donations"."reports" ("donation_id") WHERE "dismissed_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "donations"."reports_open_idx"`);
    await q.query(`ALTER TABLE "donations"."reports" DROP CONSTRAINT "reports_dismissed_check"`);
    await q.query(`ALTER TABLE "donations"."reports" DROP COLUMN "dismissed_by", DROP COLUMN "dismissed_at"`);
  }
}
