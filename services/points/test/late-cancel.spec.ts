import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  Events,
  Rpc,
  type BalanceView,
  type OutgoingEvent,
  type ReservationCancelledV1,
  type ReservationCancelledV2,
  type UserRegisteredV1,
} from '@hdiya/contracts';
import { connectEventBus, createEvent, type EventBus } from '@hdiya/platform';
import { requestRpc, serviceDatabaseUrl, startMicroservice, testEnv, waitFor } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadPointsConfig } from '../src/config.js';

// A reserver who cancels in the last 24 hours before their reservation ends loses 5 reliability
// points (decision 0020), once, however often the cancel event arrives; an earlier cancel, an
// owner's cancel and the older v1 event cost nothing. The hold goes back in every case.

let app: INestMicroservice;
let bus: EventBus;
let db: DataSource;
const HOUR = 60 * 60 * 1000;

const balanceOf = (userId: string) => requestRpc<BalanceView>(bus.nc, Rpc.points.balance, { userId });

async function publish(events: OutgoingEvent[], copies = 1): Promise<void> {
  for (const event of events) {
    for (let i = 0; i < copies; i += 1) {
      await bus.js.publish(event.subject, JSON.stringify(event.envelope), { msgID: `${event.envelope.id}-${i}` });
    }
  }
}

/** Waits until the consumer has gone past everything published so far. */
async function settle(): Promise<void> {
  const marker = createEvent(Events.donations.DonationUpdated, { donationId: -1, ownerId: randomUUID(), title: 'x', categoryId: 1, city: 'x' });
  await publish([marker]);
  await waitFor(async () => (await db.query(`SELECT 1 FROM points.inbox WHERE consumer = 'points-donations' AND event_id = $1`, [marker.envelope.id])).length > 0);
}

/** A member with the welcome 10 points who reserved an item: 8 available, 2 held. */
async function reserverWithHold() {
  const userId = randomUUID();
  const registered: UserRegisteredV1 = { userId, username: `u${userId.slice(0, 6)}`, firstName: null, lastName: null, city: null, registeredAt: new Date().toISOString() };
  await publish([createEvent(Events.users.UserRegistered, registered)]);
  await waitFor(async () => (await balanceOf(userId)).opened);
  const ref = { reservationId: randomUUID(), donationId: 800_000_000 + Math.floor(Math.random() * 1_000_000), title: 'Lampe' };
  await requestRpc(bus.nc, Rpc.points.hold, { ...ref, reserverId: userId, ownerId: randomUUID() });
  return { userId, ref };
}

function cancelledV2(
  { userId, ref }: Awaited<ReturnType<typeof reserverWithHold>>,
  hoursLeft: number,
  cancelledBy: 'reserver' | 'owner' = 'reserver',
): OutgoingEvent {
  const now = Date.now();
  const payload: ReservationCancelledV2 = {
    ...ref,
    reserverId: userId,
    ownerId: randomUUID(),
    cancelledBy,
    cancelledAt: new Date(now).toISOString(),
    expiresAt: new Date(now + hoursLeft * HOUR).toISOString(),
  };
  return createEvent(Events.donations.ReservationCancelled, payload);
}

beforeAll(async () => {
  const config = loadPointsConfig({ NATS_URL: testEnv().natsUrl, DATABASE_URL: serviceDatabaseUrl('points') });
  app = await startMicroservice('points', AppModule.register(config));
  db = app.get(DataSource);
  bus = await connectEventBus(testEnv().natsUrl, 'points-late-cancel-test');
});

afterAll(async () => {
  await bus.nc.close();
  await app.close();
});

describe('a late cancel', () => {
  it('should refund the hold and lower reliability by 5, once, for a reserver cancelling with less than 24 hours left', async () => {
    const reservation = await reserverWithHold();
    const late = cancelledV2(reservation, 20);
    // Delivered three times, and a second event for the same cancel: one penalty.
    await publish([late], 3);
    await publish([{ ...late, envelope: { ...late.envelope, id: randomUUID() } }]);
    await settle();
    expect(await balanceOf(reservation.userId)).toMatchObject({ points: 10, blockedPoints: 0, reliabilityScore: 95 });
  });

  it('should cost nothing with more than 24 hours left, nor when the owner cancels, nor for a v1 event', async () => {
    const early = await reserverWithHold();
    const byOwner = await reserverWithHold();
    const older = await reserverWithHold();
    const v1: ReservationCancelledV1 = { ...older.ref, reserverId: older.userId, ownerId: randomUUID(), cancelledBy: 'reserver' };
    await publish([cancelledV2(early, 25), cancelledV2(byOwner, 2, 'owner'), createEvent('donations.ReservationCancelled.v1', v1)]);
    await settle();
    for (const { userId } of [early, byOwner, older]) {
      expect(await balanceOf(userId)).toMatchObject({ points: 10, blockedPoints: 0, reliabilityScore: 100 });
    }
  });
});
