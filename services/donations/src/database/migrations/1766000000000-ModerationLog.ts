import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createModerationLogTableV1, dropModerationLogTableV1 } from '@hdiya/platform';

/**
 * Issue 45: the moderation log (decision 0058): every moderator action on donations and ratings,
 * who, when, what and why, written in the action's transaction; append-only by trigger.
 */
export class ModerationLog1766000000000 implements MigrationInterface {
  name = 'ModerationLog1766000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createModerationLogTableV1('donations')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropModerationLogTableV1('donations')) await q.query(sql);
  }
}
