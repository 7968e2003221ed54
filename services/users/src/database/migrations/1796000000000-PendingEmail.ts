import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 45: a new address waits here until its verification link is opened; the account keeps
 * its address (sign-in, resets, mails) meanwhile. Not unique: the swap checks `email`'s own index.
 */
export class PendingEmail1796000000000 implements MigrationInterface {
  name = 'PendingEmail1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users"."users" ADD COLUMN "pending_email" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users"."users" DROP COLUMN "pending_email"`);
  }
}
