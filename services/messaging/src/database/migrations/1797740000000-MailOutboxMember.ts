import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addMailOutboxMemberIdV2, dropMailOutboxMemberIdV2 } from '@hdiya/platform';

/** Issue 47 (decision 0074): the member each queued mail is for, so a deleted member's waiting mails are dropped. */
export class MailOutboxMember1797740000000 implements MigrationInterface {
  name = 'MailOutboxMember1797740000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of addMailOutboxMemberIdV2('messaging')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMailOutboxMemberIdV2('messaging')) await q.query(sql);
  }
}
