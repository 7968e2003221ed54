import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RetentionJob } from '@hdiya/platform';
import { startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadPointsConfig } from '../src/config.js';

// Issue 47 on the real points service and database: its retention job deletes outbox rows published
// longer ago than RETENTION_PUBLISHED_OUTBOX_DAYS and inbox rows older than RETENTION_HANDLED_INBOX_DAYS
// (both from the environment here); unpublished and younger rows stay.

let app: INestMicroservice;
let nc: NatsConnection;
let db: DataSource;

beforeAll(async () => {
  const env = { ...testServiceEnv('points'), RETENTION_PUBLISHED_OUTBOX_DAYS: '2', RETENTION_HANDLED_INBOX_DAYS: '40' };
  ({ app, nc } = await startTestService('points', AppModule.register(loadPointsConfig(env)), 'points-retention-test'));
  db = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

/** An outbox row published `daysAgo` days ago, or never (null). */
async function outboxRow(daysAgo: number | null): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO points.outbox (id, subject, envelope, created_at, next_attempt_at, published_at)
     VALUES ($1, 'events.retention-test.v1', '{}', now() - interval '10 days', now() + interval '1 day',
             CASE WHEN $2::numeric IS NULL THEN NULL ELSE now() - $2::numeric * interval '1 day' END)`,
    [id, daysAgo],
  );
  return id;
}

async function inboxRow(daysAgo: number): Promise<string> {
  const id = randomUUID();
  await db.query(`INSERT INTO points.inbox (consumer, event_id, processed_at) VALUES ('retention-test', $1, now() - $2::numeric * interval '1 day')`, [id, daysAgo]);
  return id;
}

const present = async (table: string, column: string, ids: string[]): Promise<string[]> =>
  (await db.query(`SELECT ${column} AS id FROM points.${table} WHERE ${column} = ANY($1)`, [ids])).map((r: { id: string }) => r.id).sort();

it('should delete the outbox and inbox rows already handled once their periods are over, and keep the others', async () => {
  const published = await outboxRow(3);
  const publishedYesterday = await outboxRow(1);
  const unpublished = await outboxRow(null);
  const handled = await inboxRow(41);
  const handledWithinPeriod = await inboxRow(39);
  await app.get(RetentionJob).run();
  expect(await present('outbox', 'id', [published, publishedYesterday, unpublished])).toEqual([publishedYesterday, unpublished].sort());
  expect(await present('inbox', 'event_id', [handled, handledWithinPeriod])).toEqual([handledWithinPeriod]);
});
