import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createInboxTableV1, createOutboxTableV1, dropMessagingTablesV1 } from '@hdiya/platform';

/**
 * The donations schema (created and owned by this service's role by the infrastructure script)
 * starts with its event plumbing; its domain tables come with their own migrations.
 */
export class InitialDonationsSchema1763750000000 implements MigrationInterface {
  name = 'InitialDonationsSchema1763750000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createInboxTableV1('donations')) await q.query(sql);
    for (const sql of createOutboxTableV1('donations')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTablesV1('donations')) await q.query(sql);
  }
}
