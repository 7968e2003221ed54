import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, Rpc, type BalanceView, type UserRegisteredV1 } from '@hdiya/contracts';
import { connectEventBus, createEvent, type EventBus } from '@hdiya/platform';
import { requestRpc, serviceDatabaseUrl, startMicroservice, testEnv, waitFor } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadPointsConfig } from '../src/config.js';
import { UsersEventsConsumer } from '../src/ledger/users-events.consumer.js';

let app: INestMicroservice;
let bus: EventBus;
let dataSource: DataSource;

function userRegistered(userId: string) {
  const payload: UserRegisteredV1 = {
    userId,
    username: `u${userId.slice(0, 8)}`,
    firstName: null,
    lastName: null,
    city: null,
    registeredAt: new Date().toISOString(),
  };
  return createEvent(Events.users.UserRegistered, payload);
}

function balanceOf(userId: string): Promise<BalanceView> {
  return requestRpc<BalanceView>(bus.nc, Rpc.points.balance, { userId });
}

async function ledgerOf(userId: string): Promise<{ type: string; amount: number; reason: string }[]> {
  return dataSource.query(`SELECT type, amount, reason FROM points.ledger_entries WHERE user_id = $1`, [userId]);
}

beforeAll(async () => {
  const env = testEnv();
  const config = loadPointsConfig({ NATS_URL: env.natsUrl, DATABASE_URL: serviceDatabaseUrl('points'), LOG_LEVEL: 'error' });
  app = await startMicroservice('points', AppModule.register(config));
  dataSource = app.get(DataSource);
  bus = await connectEventBus(env.natsUrl, 'points-test');
});

afterAll(async () => {
  await bus.nc.close();
  await app.close();
});

describe('welcome credit', () => {
  it('should credit 10 points when a member registers', async () => {
    const userId = randomUUID();
    expect(await balanceOf(userId)).toMatchObject({ points: 0, opened: false });
    const event = userRegistered(userId);
    await bus.js.publish(event.subject, JSON.stringify(event.envelope), { msgID: event.envelope.id });
    const balance = await waitFor(async () => {
      const b = await balanceOf(userId);
      return b.opened ? b : false;
    });
    expect(balance).toEqual({ userId, points: 10, blockedPoints: 0, reliabilityScore: 100, opened: true });
    expect(await ledgerOf(userId)).toEqual([{ type: 'earned', amount: 10, reason: 'welcome' }]);
  });

  it('should credit once when JetStream delivers the same event twice', async () => {
    const userId = randomUUID();
    const event = userRegistered(userId);
    // Two stored copies (different message ids defeat JetStream's dedupe), as after a redelivery.
    await bus.js.publish(event.subject, JSON.stringify(event.envelope), { msgID: `${event.envelope.id}-a` });
    await bus.js.publish(event.subject, JSON.stringify(event.envelope), { msgID: `${event.envelope.id}-b` });
    const marker = userRegistered(randomUUID());
    await bus.js.publish(marker.subject, JSON.stringify(marker.envelope), { msgID: marker.envelope.id });
    // Events are consumed in order: once the marker is applied, both copies have been seen.
    await waitFor(async () => (await balanceOf(marker.envelope.payload.userId)).opened);
    expect(await balanceOf(userId)).toMatchObject({ points: 10, opened: true });
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it('should change nothing when an already applied event is applied again', async () => {
    const consumer = app.get(UsersEventsConsumer).consumer;
    const event = userRegistered(randomUUID());
    expect(await consumer.apply(event)).toBe(true);
    expect(await consumer.apply(event)).toBe(false);
    expect(await ledgerOf(event.envelope.payload.userId)).toHaveLength(1);
  });

  it('should refuse to rewrite history', async () => {
    const event = userRegistered(randomUUID());
    await app.get(UsersEventsConsumer).consumer.apply(event);
    await expect(
      dataSource.query(`UPDATE points.ledger_entries SET amount = 1000 WHERE user_id = $1`, [event.envelope.payload.userId]),
    ).rejects.toThrow(/append-only/);
  });
});
