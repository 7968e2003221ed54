import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addMemberJoinedAtV2 } from '@hdiya/platform';

/** Issue 45: when each member signed up, in the members read model (decision 0056). */
export class MemberJoinedAt1765000000000 implements MigrationInterface {
  name = 'MemberJoinedAt1765000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of addMemberJoinedAtV2('donations')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."members" DROP COLUMN "joined_at"`);
  }
}
