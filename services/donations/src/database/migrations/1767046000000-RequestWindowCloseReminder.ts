import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a request window's owner was reminded to choose (issue 46): set once, by the job that
 * announces the close of a window with requests open, so no replica reminds twice.
 */
export class RequestWindowCloseReminder1767046000000 implements MigrationInterface {
  name = 'RequestWindowCloseReminder1767046000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."donations" ADD COLUMN "close_reminded_at" timestamptz(3)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."donations" DROP COLUMN "close_reminded_at"`);
  }
}
