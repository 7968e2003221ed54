import { randomUUID } from 'node:crypto';
import { Events, type UserRegisteredV1 } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { waitFor } from '@hdiya/testing';
import { UsersEventsConsumer } from '../src/ledger/users-events.consumer.js';
import { PointsFixture } from './points-fixture.js';

let service: PointsFixture;

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

async function ledgerOf(userId: string): Promise<{ type: string; amount: number; reason: string }[]> {
  return service.db.query(`SELECT type, amount, reason FROM points.ledger_entries WHERE user_id = $1`, [userId]);
}

beforeAll(async () => {
  service = await PointsFixture.start('points-test');
});

afterAll(() => service.close());

describe('welcome credit', () => {
  it('should credit 10 points when a member registers', async () => {
    const userId = randomUUID();
    expect(await service.balanceOf(userId)).toMatchObject({ points: 0, opened: false });
    await service.publish([userRegistered(userId)]);
    const balance = await waitFor(async () => {
      const b = await service.balanceOf(userId);
      return b.opened ? b : false;
    });
    expect(balance).toEqual({ userId, points: 10, blockedPoints: 0, reliabilityScore: 100, opened: true });
    expect(await ledgerOf(userId)).toEqual([{ type: 'earned', amount: 10, reason: 'welcome' }]);
  });

  it('should credit once when JetStream delivers the same event twice', async () => {
    const userId = randomUUID();
    // Two stored copies (different message ids defeat JetStream's dedupe), as after a redelivery.
    await service.publish([userRegistered(userId)], 2);
    // Events are consumed in order: once the marker is applied, both copies have been seen.
    await service.member();
    expect(await service.balanceOf(userId)).toMatchObject({ points: 10, opened: true });
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it('should change nothing when an already applied event is applied again', async () => {
    const consumer = service.app.get(UsersEventsConsumer).consumer;
    const event = userRegistered(randomUUID());
    expect(await consumer.apply(event)).toBe(true);
    expect(await consumer.apply(event)).toBe(false);
    expect(await ledgerOf(event.envelope.payload.userId)).toHaveLength(1);
  });

  it('should refuse to rewrite history', async () => {
    const event = userRegistered(randomUUID());
    await service.app.get(UsersEventsConsumer).consumer.apply(event);
    await expect(
      service.db.query(`UPDATE points.ledger_entries SET amount = 1000 WHERE user_id = $1`, [event.envelope.payload.userId]),
    ).rejects.toThrow(/append-only/);
  });
});
