import { Rpc, WaitlistRules, type Actor, type WaitlistView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { ReservationsService } from '../src/reservations/reservations.service.js';
import { WaitlistService } from '../src/waitlist/waitlist.service.js';
import { member, twoReplicas } from './donations-fixture.js';

// The waiting list on the real donations service and database: cancel and expiry offer the item
// to the next in line exactly once (also with two replicas racing), an offer nobody answers
// passes on after 24 hours, declining passes it at once, and a given item closes the line.

const [replica, other] = twoReplicas();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const reservedDonation = (reservedAt = new Date()) => replica.reservedDonation({ reservedAt });
const join = (actor: Actor, donationId: number) => replica.call<WaitlistView>(Rpc.donations.joinWaitlist, { actor, donationId });
const view = (actor: Actor, donationId: number) => replica.call<WaitlistView>(Rpc.donations.waitlist, { actor, donationId });

/** A reserved item with two members in line for it. */
async function reservedWithTwoInLine() {
  const item = await reservedDonation();
  const [first, second] = [member(), member()];
  await join(first, item.id);
  await join(second, item.id);
  return { item, first, second };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function offersOf(donationId: number): Promise<string[]> {
  const rows = (await replica.db.query(
    `SELECT envelope->'payload'->>'memberId' AS member FROM donations.outbox
     WHERE envelope->>'type' = 'WaitlistOffered' AND (envelope->'payload'->>'donationId')::int = $1 ORDER BY position`,
    [donationId],
  )) as { member: string }[];
  return rows.map((r) => r.member);
}

async function donationState(donationId: number) {
  const [row] = await replica.db.query(`SELECT status, offered_to_id, reserved_by_id FROM donations.donations WHERE id = $1`, [donationId]);
  return row as { status: string; offered_to_id: string | null; reserved_by_id: string | null };
}

describe('joining and leaving', () => {
  it('should give each member one place, show positions, and refuse the owner, the reserver and an available item', async () => {
    const item = await reservedDonation();
    const [first, second] = [member(), member()];
    expect((await join(first, item.id)).me).toEqual({ state: 'waiting', position: 1 });
    expect((await join(second, item.id)).me).toEqual({ state: 'waiting', position: 2 });
    expect(await refusal(join(second, item.id))).toMatchObject({ status: 409, message: 'Vous êtes déjà dans la file d’attente de ce don.' });
    expect(await refusal(join(item.owner, item.id))).toMatchObject({ status: 403 });
    expect(await refusal(join(item.reserver, item.id))).toMatchObject({ status: 409, message: 'Vous avez déjà réservé cet objet.' });
    // The owner sees how many wait, not who.
    expect(await view(item.owner, item.id)).toEqual({ donationId: item.id, waiting: 2, offerOut: false, offerExpiresAt: null, offeredTo: null, me: null });

    await replica.call(Rpc.donations.leaveWaitlist, { actor: first, donationId: item.id });
    expect((await view(second, item.id)).me).toEqual({ state: 'waiting', position: 1 });

    const free = await replica.create(member());
    expect(await refusal(join(member(), free.id))).toMatchObject({ status: 409, message: 'Ce don est disponible : réservez-le directement.' });
  });

  it(`should close the line at ${WaitlistRules.maxQueue} members`, async () => {
    const item = await reservedDonation();
    for (let i = 0; i < WaitlistRules.maxQueue; i++) await join(member(), item.id);
    expect(await refusal(join(member(), item.id))).toMatchObject({ status: 409, message: 'La file d’attente de ce don est complète.' });
  });
});

describe('promotion', () => {
  it('should offer the item to the first in line when the reservation is cancelled, for 24 hours', async () => {
    const { item, first, second } = await reservedWithTwoInLine();
    await replica.call(Rpc.donations.cancel, { actor: item.reserver, donationId: item.id });

    expect(await offersOf(item.id)).toEqual([first.id]);
    expect(await donationState(item.id)).toEqual({ status: 'reserved', offered_to_id: first.id, reserved_by_id: null });
    const offer = (await view(first, item.id)).me;
    expect(offer).toMatchObject({ state: 'offered' });
    const hoursLeft = (Date.parse((offer as { offerExpiresAt: string }).offerExpiresAt) - Date.now()) / HOUR;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    expect((await view(second, item.id)).me).toEqual({ state: 'waiting', position: 1 });
    // Nobody else can take it meanwhile; the one it is offered to may.
    expect(await refusal(replica.call(Rpc.donations.reserve, { actor: second, donationId: item.id }))).toMatchObject({ status: 409 });
  });

  it('should offer the item once when the 10 days pass, even with two replicas expiring at the same time', async () => {
    const items = await Promise.all(Array.from({ length: 4 }, () => reservedDonation(new Date(Date.now() - 11 * DAY))));
    const waiting = new Map<number, Actor>();
    for (const item of items) {
      const next = member();
      waiting.set(item.id, next);
      await join(next, item.id);
    }
    await Promise.all([replica.app.get(ReservationsService).expireDue(), other.app.get(ReservationsService).expireDue()]);
    for (const item of items) {
      expect(await offersOf(item.id)).toEqual([waiting.get(item.id)!.id]);
      expect((await donationState(item.id)).offered_to_id).toBe(waiting.get(item.id)!.id);
    }
  });

  it('should offer once when the owner cancels while the expiry job runs on another replica', async () => {
    const item = await reservedDonation(new Date(Date.now() - 11 * DAY));
    const next = member();
    await join(next, item.id);
    const outcomes = await Promise.allSettled([
      replica.call(Rpc.donations.cancel, { actor: item.owner, donationId: item.id }),
      other.app.get(ReservationsService).expireDue(),
    ]);
    expect(outcomes[1].status).toBe('fulfilled');
    expect(await offersOf(item.id)).toEqual([next.id]);
  });

  it('should pass an unanswered offer to the next after 24 hours, once across replicas, and free the item when nobody is left', async () => {
    const { item, first, second } = await reservedWithTwoInLine();
    await replica.call(Rpc.donations.cancel, { actor: item.owner, donationId: item.id });

    const lapse = (at: Date) => Promise.all([replica.app.get(WaitlistService).lapseDueOffers(at), other.app.get(WaitlistService).lapseDueOffers(at)]);
    await lapse(new Date(Date.now() + 23 * HOUR));
    expect(await offersOf(item.id)).toEqual([first.id]);
    await lapse(new Date(Date.now() + 25 * HOUR));
    expect(await offersOf(item.id)).toEqual([first.id, second.id]);
    expect((await view(first, item.id)).me).toBeNull();

    await lapse(new Date(Date.now() + 50 * HOUR));
    expect(await donationState(item.id)).toEqual({ status: 'available', offered_to_id: null, reserved_by_id: null });
    // The one whose offer ran out cannot take it late.
    const [lapsed] = await replica.db.query(
      `SELECT count(*)::int AS n FROM donations.outbox WHERE envelope->>'type' = 'WaitlistOfferLapsed' AND (envelope->'payload'->>'donationId')::int = $1`,
      [item.id],
    );
    expect(lapsed.n).toBe(2);
  });

  it('should pass the offer on at once when declined', async () => {
    const { item, first, second } = await reservedWithTwoInLine();
    await replica.call(Rpc.donations.cancel, { actor: item.reserver, donationId: item.id });
    await replica.call(Rpc.donations.leaveWaitlist, { actor: first, donationId: item.id });
    expect(await offersOf(item.id)).toEqual([first.id, second.id]);
    expect((await view(second, item.id)).me).toMatchObject({ state: 'offered' });
  });

  it('should close the line when the item is given, telling everyone who waited', async () => {
    const item = await reservedDonation();
    const waiting = [member(), member()];
    for (const m of waiting) await join(m, item.id);
    await replica.call(Rpc.donations.confirm, { actor: item.reserver, donationId: item.id });
    const [closed] = await replica.db.query(
      `SELECT envelope->'payload' AS payload FROM donations.outbox WHERE envelope->>'type' = 'WaitlistClosed' AND (envelope->'payload'->>'donationId')::int = $1`,
      [item.id],
    );
    expect(closed.payload).toMatchObject({ reason: 'given', memberIds: expect.arrayContaining(waiting.map((m) => m.id)) });
    expect((await view(waiting[0]!, item.id)).me).toBeNull();
  });
});
