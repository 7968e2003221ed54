import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMemberStandingTableV1 } from '@hdiya/platform';

/**
 * Issue 45: whether each member's address is verified and whether they are suspended (the members
 * read model's `member_standing`), and `set_aside_for`: the suspension that took an available
 * donation out of search (status `cancelled`, which neither search nor reserve takes), so that
 * its reinstatement brings back those and only those.
 */
export class MemberStanding1766500000000 implements MigrationInterface {
  name = 'MemberStanding1766500000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMemberStandingTableV1('donations')) await q.query(sql);
    await q.query(`ALTER TABLE "donations"."donations" ADD COLUMN "set_aside_for" text`);
    await q.query(`ALTER TABLE "donations"."donations" ADD CONSTRAINT "donations_set_aside_check" CHECK ("set_aside_for" IS NULL OR "status" = 'cancelled')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."donations" DROP CONSTRAINT "donations_set_aside_check"`);
    await q.query(`ALTER TABLE "donations"."donations" DROP COLUMN "set_aside_for"`);
    await q.query(`DROP TABLE "donations"."member_standing"`);
  }
}
