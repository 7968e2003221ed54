import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RetentionJob } from '@hdiya/platform';
import { startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';

// Issue 47, "keep nothing longer than needed", on the real messaging service and database: its
// retention job deletes read notifications, pushes given up on and handled inbox rows once their
// periods (here from the environment) are over; unread notifications, pushes still queued and
// younger rows stay.

let app: INestMicroservice;
let nc: NatsConnection;
let db: DataSource;

beforeAll(async () => {
  const env = { ...testServiceEnv('messaging'), RETENTION_READ_NOTIFICATION_DAYS: '3', RETENTION_FAILED_PUSH_DAYS: '2', RETENTION_HANDLED_INBOX_DAYS: '35' };
  ({ app, nc } = await startTestService('messaging', AppModule.register(loadMessagingConfig(env)), 'messaging-retention-test'));
  db = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

const run = () => app.get(RetentionJob).run();

const present = async (table: string, ids: string[], column = 'id'): Promise<string[]> =>
  (await db.query(`SELECT ${column} AS id FROM messaging.${table} WHERE ${column} = ANY($1)`, [ids])).map((r: { id: string }) => r.id).sort();

/** A notification created a week ago, read `readDaysAgo` days ago (null: unread). */
async function notification(memberId: string, readDaysAgo: number | null): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO messaging.notifications (id, user_id, kind, params, created_at, read_at)
     VALUES ($1, $2, 'donation_reserved', '{"donationId": 1, "donationTitle": "Table"}', now() - interval '7 days', now() - $3::numeric * interval '1 day')`,
    [id, memberId, readDaysAgo ?? 0],
  );
  if (readDaysAgo === null) await db.query(`UPDATE messaging.notifications SET read_at = NULL WHERE id = $1`, [id]);
  return id;
}

describe('the messaging service’s retention job', () => {
  it('should delete notifications RETENTION_READ_NOTIFICATION_DAYS after they were read, and never an unread one', async () => {
    const memberId = randomUUID();
    const readLongAgo = await notification(memberId, 4);
    const readRecently = await notification(memberId, 2);
    const unread = await notification(memberId, null);
    await run();
    expect(await present('notifications', [readLongAgo, readRecently, unread])).toEqual([readRecently, unread].sort());
  });

  it('should delete pushes given up on after RETENTION_FAILED_PUSH_DAYS, and keep those still queued', async () => {
    const subscription = randomUUID();
    await db.query(
      `INSERT INTO messaging.push_subscriptions (id, member_id, endpoint, p256dh, auth, language) VALUES ($1, $2, $3, 'p256dh', 'auth', 'fr')`,
      [subscription, randomUUID(), `https://push.example.test/${subscription}`],
    );
    const delivery = async (failedDaysAgo: number | null): Promise<string> => {
      const id = randomUUID();
      await db.query(
        `INSERT INTO messaging.push_deliveries (id, subscription_id, payload, ttl_seconds, created_at, next_attempt_at, failed_at)
         VALUES ($1, $2, '{}', 60, now() - interval '10 days', now() + interval '1 day', CASE WHEN $3::numeric IS NULL THEN NULL ELSE now() - $3::numeric * interval '1 day' END)`,
        [id, subscription, failedDaysAgo],
      );
      return id;
    };
    const failedLongAgo = await delivery(3);
    const failedYesterday = await delivery(1);
    const queued = await delivery(null);
    await run();
    expect(await present('push_deliveries', [failedLongAgo, failedYesterday, queued])).toEqual([failedYesterday, queued].sort());
  });

  it('should delete inbox rows older than RETENTION_HANDLED_INBOX_DAYS, keeping those the stream could still deliver', async () => {
    const inbox = async (daysAgo: number): Promise<string> => {
      const id = randomUUID();
      await db.query(`INSERT INTO messaging.inbox (consumer, event_id, processed_at) VALUES ('retention-test', $1, now() - $2::numeric * interval '1 day')`, [id, daysAgo]);
      return id;
    };
    const old = await inbox(36);
    const olderThanTheStreamButInPeriod = await inbox(33);
    const young = await inbox(1);
    await run();
    expect(await present('inbox', [old, olderThanTheStreamButInPeriod, young], 'event_id')).toEqual([olderThanTheStreamButInPeriod, young].sort());
  });
});
