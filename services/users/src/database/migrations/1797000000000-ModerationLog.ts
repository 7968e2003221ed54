import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createModerationLogTableV1, dropModerationLogTableV1 } from '@hdiya/platform';

/**
 * Issue 45: the moderation log (decision 0058) of what moderators do through this service
 * (replies to contact messages, members' suspensions), written in the action's transaction.
 */
export class ModerationLog1797000000000 implements MigrationInterface {
  name = 'ModerationLog1797000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createModerationLogTableV1('users')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropModerationLogTableV1('users')) await q.query(sql);
  }
}
