import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, Rpc, type BalanceView, type DonationCreatedV1, type DonationDeletedV1, type DonationDeletedV2, type OutgoingEvent, type ReceptionConfirmedV1, type UserRegisteredV1 } from '@hdiya/contracts';
import { connectEventBus, createEvent, type EventBus } from '@hdiya/platform';
import { requestRpc, serviceDatabaseUrl, startMicroservice, testEnv, waitFor } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadPointsConfig } from '../src/config.js';

let app: INestMicroservice;
let bus: EventBus;
let db: DataSource;
let nextDonationId = 900_000_000 + Math.floor(Math.random() * 1_000_000);

const balanceOf = (userId: string) => requestRpc<BalanceView>(bus.nc, Rpc.points.balance, { userId });

/** Publishes events, each `copies` times under distinct message ids (as redeliveries would be). */
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
  await waitFor(async () => {
    const rows = await db.query(`SELECT 1 FROM points.inbox WHERE consumer = 'points-donations' AND event_id = $1`, [marker.envelope.id]);
    return rows.length > 0;
  });
}

function registered(userId: string) {
  const payload: UserRegisteredV1 = { userId, username: `u${userId.slice(0, 6)}`, firstName: null, lastName: null, city: null, registeredAt: new Date().toISOString() };
  return createEvent(Events.users.UserRegistered, payload);
}

function created(ownerId: string, donationId = nextDonationId++) {
  const payload: DonationCreatedV1 = { donationId, ownerId, title: 'Lampe', categoryId: 1, city: 'Rabat', createdAt: new Date().toISOString() };
  return createEvent(Events.donations.DonationCreated, payload);
}

function deleted(ownerId: string, donationId: number, status = 'available') {
  const payload: DonationDeletedV2 = { donationId, ownerId, title: 'Lampe', status, deletedBy: 'owner', reservedById: null, reservationId: null, imageKeys: [] };
  return createEvent(Events.donations.DonationDeleted, payload);
}

function confirmed(ownerId: string, donationId: number, reserverId = randomUUID()) {
  const payload: ReceptionConfirmedV1 = { reservationId: randomUUID(), donationId, title: 'Lampe', reserverId, ownerId, confirmedAt: new Date().toISOString() };
  return createEvent(Events.donations.ReceptionConfirmed, payload);
}

async function memberWithWelcome(): Promise<string> {
  const userId = randomUUID();
  await publish([registered(userId)]);
  await waitFor(async () => (await balanceOf(userId)).opened);
  return userId;
}

async function ledgerOf(userId: string) {
  return db.query(`SELECT type, amount, reason FROM points.ledger_entries WHERE user_id = $1 ORDER BY id`, [userId]);
}

beforeAll(async () => {
  const config = loadPointsConfig({ NATS_URL: testEnv().natsUrl, DATABASE_URL: serviceDatabaseUrl('points') });
  app = await startMicroservice('points', AppModule.register(config));
  db = app.get(DataSource);
  bus = await connectEventBus(testEnv().natsUrl, 'points-rewards-test');
});

afterAll(async () => {
  await bus.nc.close();
  await app.close();
});

describe('donation rewards', () => {
  it('should pay nothing at publication, and the +5 once when the item is given', async () => {
    const owner = await memberWithWelcome();
    const event = created(owner);
    await publish([event], 3);
    await settle();
    expect(await balanceOf(owner)).toMatchObject({ points: 10 });
    await publish([confirmed(owner, event.envelope.payload.donationId)], 2);
    await settle();
    // The publishing reward and the reception reward, each once.
    expect(await balanceOf(owner)).toMatchObject({ points: 20 });
    expect(await ledgerOf(owner)).toEqual([
      { type: 'earned', amount: 10, reason: 'welcome' },
      { type: 'earned', amount: 5, reason: 'donation_published' },
      { type: 'earned', amount: 5, reason: 'reception_reward' },
    ]);
  });

  it('should withdraw a reward still awaiting its gift without any ledger entry', async () => {
    const owner = await memberWithWelcome();
    const event = created(owner);
    await publish([event, deleted(owner, event.envelope.payload.donationId)], 2);
    await settle();
    expect((await balanceOf(owner)).points).toBe(10);
    expect(await ledgerOf(owner)).toEqual([{ type: 'earned', amount: 10, reason: 'welcome' }]);
  });

  it('should still read a v1 deletion published before subjects named versions', async () => {
    const [owner, reserver] = [await memberWithWelcome(), await memberWithWelcome()];
    const donationId = nextDonationId++;
    const reservationId = randomUUID();
    await requestRpc(bus.nc, Rpc.points.hold, { reservationId, donationId, title: 'Lampe', reserverId: reserver, ownerId: owner });
    expect(await balanceOf(reserver)).toMatchObject({ points: 8, blockedPoints: 2 });
    // As the donations service wrote it then: no version in the subject, the v1 payload.
    const legacy: DonationDeletedV1 = { donationId, ownerId: owner, title: 'Lampe', status: 'reserved', deletedBy: 'moderator', reservedById: reserver, reservationId, imageKeys: [] };
    const envelope = { id: randomUUID(), type: 'DonationDeleted', version: 1, occurredAt: new Date().toISOString(), payload: legacy };
    await publish([{ subject: 'events.donations.DonationDeleted', envelope }]);
    await settle();
    expect(await balanceOf(reserver)).toMatchObject({ points: 10, blockedPoints: 0 });
  });

  it('should not pay for a donation whose deletion arrived before its creation', async () => {
    const owner = await memberWithWelcome();
    const event = created(owner);
    await publish([deleted(owner, event.envelope.payload.donationId), event]);
    await settle();
    expect((await balanceOf(owner)).points).toBe(10);
  });

  it('should let a completed donation keep its reward', async () => {
    const owner = await memberWithWelcome();
    const event = created(owner);
    const donationId = event.envelope.payload.donationId;
    await publish([event, confirmed(owner, donationId), deleted(owner, donationId, 'completed')]);
    await settle();
    expect((await balanceOf(owner)).points).toBe(20);
  });
});
