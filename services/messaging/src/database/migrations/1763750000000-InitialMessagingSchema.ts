import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createInboxTableV1, createOutboxTableV1, dropMessagingTablesV1 } from '@hdiya/platform';

/**
 * The messaging schema (created and owned by this service's role by the infrastructure script)
 * starts with its event plumbing; its domain tables come with their own migrations.
 */
export class InitialMessagingSchema1763750000000 implements MigrationInterface {
  name = 'InitialMessagingSchema1763750000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createInboxTableV1('messaging')) await q.query(sql);
    for (const sql of createOutboxTableV1('messaging')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTablesV1('messaging')) await q.query(sql);
  }
}
