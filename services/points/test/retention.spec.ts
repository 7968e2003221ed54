import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { RetentionJob } from '@hdiya/platform';
import { handledEventRows, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
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

it('should delete the outbox and inbox rows already handled once their periods are over, and keep the others', async () => {
  const { outboxRow, inboxRow, present } = handledEventRows(db, 'points');
  const published = await outboxRow(3);
  const publishedYesterday = await outboxRow(1);
  const unpublished = await outboxRow(null);
  const handled = await inboxRow(41);
  const handledWithinPeriod = await inboxRow(39);
  await app.get(RetentionJob).run();
  expect(await present('outbox', [published, publishedYesterday, unpublished])).toEqual([publishedYesterday, unpublished].sort());
  expect(await present('inbox', [handled, handledWithinPeriod])).toEqual([handledWithinPeriod]);
});
