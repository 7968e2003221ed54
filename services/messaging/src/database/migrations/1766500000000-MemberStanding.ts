import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMemberStandingTableV1 } from '@hdiya/platform';

/** Issue 45: whether each member is suspended (the members read model's `member_standing`): no message to or from them. */
export class MemberStanding1766500000000 implements MigrationInterface {
  name = 'MemberStanding1766500000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMemberStandingTableV1('messaging')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "messaging"."member_standing"`);
  }
}
