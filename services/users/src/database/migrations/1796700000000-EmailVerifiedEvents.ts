import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Events } from '@hdiya/contracts';
import { appendToOutbox, createEvent } from '@hdiya/platform';

/**
 * Issue 45: asking needs a verified address, which the donations service learns from
 * `EmailVerified`. Members verified before that event existed get one each, through the outbox
 * like any other, so they keep asking. `down` leaves the events: they were published.
 */
export class EmailVerifiedEvents1796700000000 implements MigrationInterface {
  name = 'EmailVerifiedEvents1796700000000';

  async up(q: QueryRunner): Promise<void> {
    const verified: { id: string; email_verified_at: Date }[] = await q.query(
      `SELECT "id", "email_verified_at" FROM "users"."users" WHERE "email_verified_at" IS NOT NULL ORDER BY "email_verified_at", "id"`,
    );
    for (let i = 0; i < verified.length; i += 500) {
      const events = verified.slice(i, i + 500).map((u) => createEvent(Events.users.EmailVerified, { userId: u.id, verifiedAt: u.email_verified_at.toISOString() }));
      await appendToOutbox(q.manager, 'users', events);
    }
  }

  async down(): Promise<void> {}
}
