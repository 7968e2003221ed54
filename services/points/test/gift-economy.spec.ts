import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  Events,
  Rpc,
  type BalanceView,
  type DonationCreatedV1,
  type GiftPair,
  type OutgoingEvent,
  type ReceptionConfirmedV1,
  type TransferResult,
  type UserRegisteredV1,
} from '@hdiya/contracts';
import { connectEventBus, createEvent, type EventBus } from '@hdiya/platform';
import { requestRpc, RpcFailure, serviceDatabaseUrl, startMicroservice, testEnv, waitFor } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadPointsConfig } from '../src/config.js';

// Points economy against pairs of accounts (docs/decisions/0019-points-economy-against-pairs.md):
// gift rewards capped per donor and day, nothing for a pair's 4th gift in 30 days, welcome points
// locked until a first gift, a daily cap on transfers, a reused key answered before the receiver.

let app: INestMicroservice;
let bus: EventBus;
let db: DataSource;
let nextDonationId = 800_000_000 + Math.floor(Math.random() * 1_000_000);

const balanceOf = (userId: string) => requestRpc<BalanceView>(bus.nc, Rpc.points.balance, { userId });

async function publish(events: OutgoingEvent[], copies = 1): Promise<void> {
  for (const event of events) {
    for (let i = 0; i < copies; i += 1) {
      await bus.js.publish(event.subject, JSON.stringify(event.envelope), { msgID: `${event.envelope.id}-${i}` });
    }
  }
}

/** Waits until the donations consumer has gone past everything published so far. */
async function settle(): Promise<void> {
  const marker = createEvent(Events.donations.DonationUpdated, { donationId: -1, ownerId: randomUUID(), title: 'x', categoryId: 1, city: 'x' });
  await publish([marker]);
  await waitFor(async () => (await db.query(`SELECT 1 FROM points.inbox WHERE consumer = 'points-donations' AND event_id = $1`, [marker.envelope.id])).length > 0);
}

async function member(): Promise<string> {
  const userId = randomUUID();
  const payload: UserRegisteredV1 = { userId, username: `u${userId.slice(0, 6)}`, firstName: null, lastName: null, city: null, registeredAt: new Date().toISOString() };
  await publish([createEvent(Events.users.UserRegistered, payload)]);
  await waitFor(async () => (await balanceOf(userId)).opened);
  return userId;
}

/** A donation published by the owner and given to the reserver (confirmation at `at`). */
function gift(ownerId: string, reserverId: string, at = new Date()): OutgoingEvent[] {
  const donationId = nextDonationId++;
  const createdPayload: DonationCreatedV1 = { donationId, ownerId, title: 'Lampe', categoryId: 1, city: 'Rabat', createdAt: at.toISOString() };
  const confirmedPayload: ReceptionConfirmedV1 = { reservationId: randomUUID(), donationId, title: 'Lampe', reserverId, ownerId, confirmedAt: at.toISOString() };
  return [createEvent(Events.donations.DonationCreated, createdPayload), createEvent(Events.donations.ReceptionConfirmed, confirmedPayload)];
}

async function entriesOf(userId: string, reason: string): Promise<{ amount: number; description: string }[]> {
  return db.query(`SELECT amount, description FROM points.ledger_entries WHERE user_id = $1 AND reason = $2 ORDER BY id`, [userId, reason]);
}

async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string; message: string; field?: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof RpcFailure) return error.body as never;
    throw error;
  }
  throw new Error('expected a refusal');
}

const transfer = (senderId: string, receiverId: string | null, points: number, idempotencyKey: string | null = null) =>
  requestRpc<TransferResult>(bus.nc, Rpc.points.transfer, { senderId, receiverId, points, message: null, idempotencyKey });

beforeAll(async () => {
  const config = loadPointsConfig({ NATS_URL: testEnv().natsUrl, DATABASE_URL: serviceDatabaseUrl('points'), LOG_LEVEL: 'error' });
  app = await startMicroservice('points', AppModule.register(config));
  db = app.get(DataSource);
  bus = await connectEventBus(testEnv().natsUrl, 'points-economy-test');
});

afterAll(async () => {
  await bus.nc.close();
  await app.close();
});

describe('gift rewards against pairs', () => {
  it('should pay a pair nothing from its 4th gift in 30 days, say why, and list the pair for moderators', async () => {
    const [donor, friend] = [await member(), await member()];
    // Redelivered confirmations change nothing (each event published twice).
    await publish([...gift(donor, friend), ...gift(friend, donor), ...gift(donor, friend), ...gift(donor, friend)], 2);
    await settle();
    // Gifts 1, 3 for the donor and 2 for the friend earn 10 each; the pair's 4th earns nothing.
    expect(await balanceOf(donor)).toMatchObject({ points: 30 });
    expect(await balanceOf(friend)).toMatchObject({ points: 20 });
    expect(await entriesOf(donor, 'reward_withheld')).toEqual([
      { amount: 0, description: 'Récompense non versée (plus de 3 dons entre vous en 30 jours) : Lampe' },
    ]);

    const pairs = await requestRpc<GiftPair[]>(bus.nc, Rpc.points.giftPairs, { actor: { id: randomUUID(), role: 'admin' } });
    const pair = pairs.find((p) => p.members.some((m) => m.id === donor));
    expect(pair).toMatchObject({ gifts: 4, withheldPoints: 10 });
    expect(pair!.members.map((m) => m.id).sort()).toEqual([donor, friend].sort());
    expect(await refusal(requestRpc(bus.nc, Rpc.points.giftPairs, { actor: { id: donor, role: 'member' } }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
  });

  it('should pay a donor at most 30 points of gift rewards per rolling 24 hours', async () => {
    const donor = await member();
    const reservers = [await member(), await member(), await member(), await member(), await member()];
    const start = Date.now() - 26 * 60 * 60 * 1000;
    const at = (hours: number) => new Date(start + hours * 60 * 60 * 1000);
    // Four gifts within 24 hours, to four different members; a fifth 25 hours after the first.
    await publish([...gift(donor, reservers[0]!, at(0)), ...gift(donor, reservers[1]!, at(1)), ...gift(donor, reservers[2]!, at(2)), ...gift(donor, reservers[3]!, at(3))]);
    await settle();
    expect(await balanceOf(donor)).toMatchObject({ points: 40 });
    expect(await entriesOf(donor, 'reward_withheld')).toEqual([
      { amount: 0, description: 'Récompense non versée (limite quotidienne des récompenses de dons atteinte) : Lampe' },
    ]);
    await publish(gift(donor, reservers[4]!, at(25)));
    await settle();
    // The first gift left the window: 10 points of room again.
    expect(await balanceOf(donor)).toMatchObject({ points: 50 });
  });
});

describe('transfers against pairs', () => {
  it('should keep the welcome points until the member has given or received once', async () => {
    const [fresh, other] = [await member(), await member()];
    const locked = await refusal(transfer(fresh, other, 1));
    expect(locked).toMatchObject({ status: 400, code: 'WELCOME_POINTS_LOCKED', field: 'points' });
    // The same answer when the phone named nobody: no membership oracle.
    expect(await refusal(transfer(fresh, null, 1))).toEqual(locked);

    // Points received beyond the welcome ones may go on.
    const [giver, taker] = [await member(), await member()];
    await publish(gift(giver, taker));
    await settle();
    await transfer(giver, fresh, 5);
    await transfer(fresh, other, 5);
    expect(await refusal(transfer(fresh, other, 1))).toMatchObject({ code: 'WELCOME_POINTS_LOCKED' });
    // Once they received an item, everything is theirs to send.
    await transfer(taker, other, 10);
    expect(await balanceOf(taker)).toMatchObject({ points: 0 });
  });

  it('should cap the points sent per rolling 24 hours and say when it frees up', async () => {
    const [sender, receiver] = [await member(), await member()];
    for (const reserver of [await member(), await member(), await member()]) await publish(gift(sender, reserver));
    await settle();
    expect(await balanceOf(sender)).toMatchObject({ points: 40 });
    await transfer(sender, receiver, 20);
    const capped = await refusal(transfer(sender, receiver, 11));
    expect(capped).toMatchObject({ status: 400, code: 'TRANSFER_DAILY_CAP', field: 'points' });
    expect(capped.message).toMatch(/^Vous avez atteint la limite de 30 points envoyés par 24 heures\. Vous pourrez en envoyer à nouveau à partir du \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    expect((await refusal(transfer(sender, null, 11))).code).toBe('TRANSFER_DAILY_CAP');
    await transfer(sender, receiver, 10);
    expect(await balanceOf(sender)).toMatchObject({ points: 10 });
  });

  it('should cap parallel transfers too (the sender row is locked)', async () => {
    const sender = await member();
    const receivers = [await member(), await member(), await member(), await member()];
    for (const reserver of [await member(), await member(), await member()]) await publish(gift(sender, reserver));
    await settle();
    const answers = await Promise.allSettled(receivers.flatMap((r) => [transfer(sender, r, 5), transfer(sender, r, 5)]));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(6);
    expect(await balanceOf(sender)).toMatchObject({ points: 10 });
  });

  it('should answer a reused key the same whoever the phone belongs to', async () => {
    const [sender, first, second, giver] = [await member(), await member(), await member(), await member()];
    await publish(gift(giver, sender));
    await settle();
    const key = `cle-${randomUUID()}`;
    const done = await transfer(sender, first, 2, key);
    expect(await transfer(sender, first, 2, key)).toEqual(done);
    const toMember = await refusal(transfer(sender, second, 2, key));
    const toNobody = await refusal(transfer(sender, null, 2, key));
    expect(toMember).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(toNobody).toEqual(toMember);
    // A fresh key to nobody: every rule passed, then "no member".
    expect(await refusal(transfer(sender, null, 1, `cle-${randomUUID()}`))).toMatchObject({ status: 404, code: 'RECIPIENT_NOT_FOUND' });
    expect(await balanceOf(sender)).toMatchObject({ points: 8 });
  });
});
