import { randomUUID } from 'node:crypto';
import {
  Events,
  Rpc,
  type DonationCreatedV1,
  type GiftPair,
  type OutgoingEvent,
  type ReceptionConfirmedV1,
  type TransferResult,
} from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc, RpcFailure } from '@hdiya/testing';
import { PointsFixture } from './points-fixture.js';

// Points economy against pairs of accounts (docs/decisions/0019-points-economy-against-pairs.md):
// gift rewards capped per donor and day, nothing for a pair's 4th gift in 30 days, welcome points
// locked until a first gift, a daily cap on transfers, a reused key answered before the receiver.

let service: PointsFixture;
let nextDonationId = 800_000_000 + Math.floor(Math.random() * 1_000_000);

/** A donation published by the owner and given to the reserver (confirmation at `at`). */
function gift(ownerId: string, reserverId: string, at = new Date()): OutgoingEvent[] {
  const donationId = nextDonationId++;
  const createdPayload: DonationCreatedV1 = { donationId, ownerId, title: 'Lampe', categoryId: 1, city: 'Rabat', createdAt: at.toISOString() };
  const confirmedPayload: ReceptionConfirmedV1 = { reservationId: randomUUID(), donationId, title: 'Lampe', reserverId, ownerId, confirmedAt: at.toISOString() };
  return [createEvent(Events.donations.DonationCreated, createdPayload), createEvent(Events.donations.ReceptionConfirmed, confirmedPayload)];
}

async function entriesOf(userId: string, reason: string): Promise<{ amount: number; description: string }[]> {
  return service.db.query(`SELECT amount, description FROM points.ledger_entries WHERE user_id = $1 AND reason = $2 ORDER BY id`, [userId, reason]);
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
  requestRpc<TransferResult>(service.bus.nc, Rpc.points.transfer, { senderId, receiverId, points, message: null, idempotencyKey });

beforeAll(async () => {
  service = await PointsFixture.start('points-economy-test');
});

afterAll(() => service.close());

describe('gift rewards against pairs', () => {
  it('should pay a pair nothing from its 4th gift in 30 days, say why, and list the pair for moderators', async () => {
    const [donor, friend] = [await service.member(), await service.member()];
    // Redelivered confirmations change nothing (each event published twice).
    await service.publish([...gift(donor, friend), ...gift(friend, donor), ...gift(donor, friend), ...gift(donor, friend)], 2);
    await service.settle();
    // Gifts 1, 3 for the donor and 2 for the friend earn 10 each; the pair's 4th earns nothing.
    expect(await service.balanceOf(donor)).toMatchObject({ points: 30 });
    expect(await service.balanceOf(friend)).toMatchObject({ points: 20 });
    expect(await entriesOf(donor, 'reward_withheld')).toEqual([
      { amount: 0, description: 'Récompense non versée (plus de 3 dons entre vous en 30 jours) : Lampe' },
    ]);

    const pairs = await requestRpc<GiftPair[]>(service.bus.nc, Rpc.points.giftPairs, { actor: { id: randomUUID(), role: 'admin' } });
    const pair = pairs.find((p) => p.members.some((m) => m.id === donor));
    expect(pair).toMatchObject({ gifts: 4, withheldPoints: 10 });
    expect(pair!.members.map((m) => m.id).sort()).toEqual([donor, friend].sort());
    expect(await refusal(requestRpc(service.bus.nc, Rpc.points.giftPairs, { actor: { id: donor, role: 'member' } }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
  });

  it('should pay a donor at most 30 points of gift rewards per rolling 24 hours', async () => {
    const donor = await service.member();
    const reservers = [await service.member(), await service.member(), await service.member(), await service.member(), await service.member()];
    const start = Date.now() - 26 * 60 * 60 * 1000;
    const at = (hours: number) => new Date(start + hours * 60 * 60 * 1000);
    // Four gifts within 24 hours, to four different members; a fifth 25 hours after the first.
    await service.publish([...gift(donor, reservers[0]!, at(0)), ...gift(donor, reservers[1]!, at(1)), ...gift(donor, reservers[2]!, at(2)), ...gift(donor, reservers[3]!, at(3))]);
    await service.settle();
    expect(await service.balanceOf(donor)).toMatchObject({ points: 40 });
    expect(await entriesOf(donor, 'reward_withheld')).toEqual([
      { amount: 0, description: 'Récompense non versée (limite quotidienne des récompenses de dons atteinte) : Lampe' },
    ]);
    await service.publish(gift(donor, reservers[4]!, at(25)));
    await service.settle();
    // The first gift left the window: 10 points of room again.
    expect(await service.balanceOf(donor)).toMatchObject({ points: 50 });
  });
});

describe('transfers against pairs', () => {
  it('should keep the welcome points until the member has given or received once', async () => {
    const [fresh, other] = [await service.member(), await service.member()];
    const locked = await refusal(transfer(fresh, other, 1));
    expect(locked).toMatchObject({ status: 400, code: 'WELCOME_POINTS_LOCKED', field: 'points' });
    // The same answer when the phone named nobody: no membership oracle.
    expect(await refusal(transfer(fresh, null, 1))).toEqual(locked);

    // Points received beyond the welcome ones may go on.
    const [giver, taker] = [await service.member(), await service.member()];
    await service.publish(gift(giver, taker));
    await service.settle();
    await transfer(giver, fresh, 5);
    await transfer(fresh, other, 5);
    expect(await refusal(transfer(fresh, other, 1))).toMatchObject({ code: 'WELCOME_POINTS_LOCKED' });
    // Once they received an item, everything is theirs to send.
    await transfer(taker, other, 10);
    expect(await service.balanceOf(taker)).toMatchObject({ points: 0 });
  });

  it('should cap the points sent per rolling 24 hours and say when it frees up', async () => {
    const [sender, receiver] = [await service.member(), await service.member()];
    for (const reserver of [await service.member(), await service.member(), await service.member()]) await service.publish(gift(sender, reserver));
    await service.settle();
    expect(await service.balanceOf(sender)).toMatchObject({ points: 40 });
    await transfer(sender, receiver, 20);
    const capped = await refusal(transfer(sender, receiver, 11));
    expect(capped).toMatchObject({ status: 400, code: 'TRANSFER_DAILY_CAP', field: 'points' });
    expect(capped.message).toMatch(/^Vous avez atteint la limite de 30 points envoyés par 24 heures\. Vous pourrez en envoyer à nouveau à partir du \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    expect((await refusal(transfer(sender, null, 11))).code).toBe('TRANSFER_DAILY_CAP');
    await transfer(sender, receiver, 10);
    expect(await service.balanceOf(sender)).toMatchObject({ points: 10 });
  });

  it('should cap parallel transfers too (the sender row is locked)', async () => {
    const sender = await service.member();
    const receivers = [await service.member(), await service.member(), await service.member(), await service.member()];
    for (const reserver of [await service.member(), await service.member(), await service.member()]) await service.publish(gift(sender, reserver));
    await service.settle();
    const answers = await Promise.allSettled(receivers.flatMap((r) => [transfer(sender, r, 5), transfer(sender, r, 5)]));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(6);
    expect(await service.balanceOf(sender)).toMatchObject({ points: 10 });
  });

  it('should answer a reused key the same whoever the phone belongs to', async () => {
    const [sender, first, second, giver] = [await service.member(), await service.member(), await service.member(), await service.member()];
    await service.publish(gift(giver, sender));
    await service.settle();
    const key = `cle-${randomUUID()}`;
    const done = await transfer(sender, first, 2, key);
    expect(await transfer(sender, first, 2, key)).toEqual(done);
    const toMember = await refusal(transfer(sender, second, 2, key));
    const toNobody = await refusal(transfer(sender, null, 2, key));
    expect(toMember).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(toNobody).toEqual(toMember);
    // A fresh key to nobody: every rule passed, then "no member".
    expect(await refusal(transfer(sender, null, 1, `cle-${randomUUID()}`))).toMatchObject({ status: 404, code: 'RECIPIENT_NOT_FOUND' });
    expect(await service.balanceOf(sender)).toMatchObject({ points: 8 });
  });
});
