import { randomUUID } from 'node:crypto';
import { Events, Rpc, type Actor, type DonationPage, type RpcErrorBody } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { RpcFailure } from '@hdiya/testing';
import { DonationsFixture, member, admin, ONLY_TESTS_RUN_JOBS } from './donations-fixture.js';

// What a suspension does in the donations service (issue 45, docs/product.md#suspended-members),
// on the real service and database, the users service's events applied by the members consumer
// as the stream delivers them: the member's items leave search, what they hold is let go of with
// the usual events (from which the points service gives the holds back), they take nothing while
// suspended, the same event twice changes nothing, and the reinstatement brings back only the items
// the suspension took out. The points service is not part of these tests: it gives the 2 points
// back from `ReservationCancelled`, as for any cancel (its own tests).

const fixture = new DonationsFixture();
const HOUR = 60 * 60 * 1000;
// A spot of its own, so other tests' donations never fall in these searches.
const here = { lat: 30.2 + Math.random() * 0.5, lng: -8.5 - Math.random() * 0.5 };

beforeAll(() => fixture.start(ONLY_TESTS_RUN_JOBS));
afterAll(() => fixture.stop());

async function refusal(promise: Promise<unknown>): Promise<RpcErrorBody> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const suspended = (memberId: string, suspensionId = randomUUID(), until: string | null = new Date(Date.now() + 7 * 24 * HOUR).toISOString()) =>
  createEvent(Events.users.MemberSuspended, { memberId, suspensionId, until, suspendedAt: new Date().toISOString() });
const reinstated = (memberId: string, suspensionId: string) => createEvent(Events.users.MemberReinstated, { memberId, suspensionId, reinstatedAt: new Date().toISOString() });

const publishHere = (owner: Actor, fields: Record<string, unknown> = {}) => fixture.create(owner, { latitude: here.lat, longitude: here.lng, ...fields });
const searchIds = async () => (await fixture.call<DonationPage>(Rpc.donations.search, { lat: here.lat, lng: here.lng, distance: 5 })).items.map((d) => d.id);
const statusOf = async (id: number) => (await fixture.db.query(`SELECT status, set_aside_for FROM donations.donations WHERE id = $1`, [id]))[0];
const outboxOf = (type: string, key: string, value: string | number) =>
  fixture.db.query(`SELECT envelope->'payload' AS payload FROM donations.outbox WHERE envelope->>'type' = $1 AND envelope->'payload'->>$2 = $3`, [type, key, String(value)]);

describe('a suspended member in the donations service', () => {
  it('should take their items out of search, let go of what they hold with the usual events, and bring back only the set-aside items', async () => {
    const x = await fixture.verified(member());
    const [y, z, w] = [await fixture.verified(member()), await fixture.verified(member()), member()];
    const onSale = await publishHere(x, { title: 'Table basse' });
    const window = await publishHere(x, { allocation: { mode: 'choose', closesAt: new Date(Date.now() + 6 * HOUR).toISOString() } });
    await fixture.call(Rpc.donations.ask, { actor: z, donationId: window.id, request: { message: 'Je peux passer demain.' } });
    // One of their items reserved by someone, one item of someone else's reserved by them, a line they wait in.
    const theirsReserved = await fixture.reservedDonation({ owner: x, reserver: y });
    const heldByThem = await fixture.reservedDonation({ owner: w, reserver: x });
    const lineTheyWaitIn = await fixture.reservedDonation({ owner: w, reserver: y });
    await fixture.call(Rpc.donations.joinWaitlist, { actor: x, donationId: lineTheyWaitIn.id });
    await fixture.call(Rpc.donations.joinWaitlist, { actor: z, donationId: theirsReserved.id });
    const othersWindow = await publishHere(w, { allocation: { mode: 'choose', closesAt: new Date(Date.now() + 6 * HOUR).toISOString() } });
    await fixture.call(Rpc.donations.ask, { actor: x, donationId: othersWindow.id, request: { message: 'Pour mes enfants.' } });
    const ask = await fixture.call<{ id: string }>(Rpc.donations.postAsk, { actor: x, ask: { title: 'Je cherche une poussette', city: 'Agadir', distance: 10, visibility: 'public' } });
    expect(await searchIds()).toEqual(expect.arrayContaining([onSale.id, window.id]));

    const suspension = suspended(x.id);
    expect(await fixture.usersEvent(suspension)).toBe(true);

    // Out of search and the map; set aside for this suspension.
    const ids = await searchIds();
    expect(ids).not.toContain(onSale.id);
    expect(ids).not.toContain(window.id);
    for (const id of [onSale.id, window.id, theirsReserved.id]) expect(await statusOf(id)).toEqual({ status: 'cancelled', set_aside_for: suspension.envelope.payload.suspensionId });
    // Their item's reservation cancelled as its owner would, the reserver's points back through the event; whoever waited told.
    expect((await fixture.db.query(`SELECT state, cancelled_by FROM donations.reservations WHERE id = $1`, [theirsReserved.reservationId]))[0]).toEqual({ state: 'cancelled', cancelled_by: 'owner' });
    expect(await outboxOf('ReservationCancelled', 'reservationId', theirsReserved.reservationId)).toEqual([
      { payload: expect.objectContaining({ reserverId: y.id, ownerId: x.id, cancelledBy: 'owner' }) },
    ]);
    expect(await outboxOf('WaitlistClosed', 'donationId', theirsReserved.id)).toEqual([{ payload: expect.objectContaining({ memberIds: [z.id], reason: 'deleted' }) }]);
    // The askers of their window told it is withdrawn.
    expect(await outboxOf('RequestsDecided', 'donationId', window.id)).toEqual([
      { payload: expect.objectContaining({ by: 'removed', outcomes: [expect.objectContaining({ memberId: z.id, outcome: 'not_chosen' })] }) },
    ]);
    // What they held of others': the reservation released as their own cancel would, the owner told; their place in line, their request, their ask.
    expect((await fixture.db.query(`SELECT state, cancelled_by FROM donations.reservations WHERE id = $1`, [heldByThem.reservationId]))[0]).toEqual({ state: 'cancelled', cancelled_by: 'reserver' });
    expect(await outboxOf('ReservationCancelled', 'reservationId', heldByThem.reservationId)).toEqual([{ payload: expect.objectContaining({ reserverId: x.id, cancelledBy: 'reserver' }) }]);
    expect((await statusOf(heldByThem.id)).status).toBe('available');
    expect((await fixture.db.query(`SELECT state FROM donations.waitlist_entries WHERE member_id = $1`, [x.id])).map((r: { state: string }) => r.state)).toEqual(['left']);
    expect((await fixture.db.query(`SELECT state FROM donations.donation_requests WHERE member_id = $1`, [x.id])).map((r: { state: string }) => r.state)).toEqual(['withdrawn']);
    expect((await fixture.db.query(`SELECT closed_at FROM donations.asks WHERE id = $1`, [ask.id]))[0].closed_at).not.toBeNull();

    // Replayed, the event changes nothing (the inbox).
    const outboxBefore = (await fixture.db.query(`SELECT count(*)::int AS n FROM donations.outbox`))[0].n;
    expect(await fixture.usersEvent(suspension)).toBe(false);
    expect((await fixture.db.query(`SELECT count(*)::int AS n FROM donations.outbox`))[0].n).toBe(outboxBefore);

    // Meanwhile a moderator removes one of the set-aside items: it does not come back.
    await fixture.call(Rpc.donations.forceDelete, { actor: admin(), donationId: window.id });
    expect(await fixture.usersEvent(reinstated(x.id, suspension.envelope.payload.suspensionId))).toBe(true);
    for (const id of [onSale.id, theirsReserved.id]) expect(await statusOf(id)).toEqual({ status: 'available', set_aside_for: null });
    expect(await searchIds()).toContain(onSale.id);
    expect(await statusOf(window.id)).toBeUndefined();
    // Nothing else is restored.
    expect((await fixture.db.query(`SELECT state FROM donations.donation_requests WHERE member_id = $1`, [x.id])).map((r: { state: string }) => r.state)).toEqual(['withdrawn']);
    expect((await fixture.db.query(`SELECT state FROM donations.reservations WHERE id = $1`, [heldByThem.reservationId]))[0].state).toBe('cancelled');
  });

  it('should refuse a suspended member every step that takes or offers, in French, with nothing written', async () => {
    const x = await fixture.verified(member());
    const owner = member();
    const available = await publishHere(owner);
    const window = await publishHere(owner, { allocation: { mode: 'choose', closesAt: new Date(Date.now() + 6 * HOUR).toISOString() } });
    const reserved = await fixture.reservedDonation({ owner });
    const ownBefore = (await fixture.db.query(`SELECT count(*)::int AS n FROM donations.donations WHERE owner_id = $1`, [x.id]))[0].n;
    await fixture.usersEvent(suspended(x.id));

    const refusedWith = { status: 403, code: 'MEMBER_SUSPENDED', message: 'Votre compte est suspendu : vous ne pouvez ni réserver, ni demander, ni publier pour le moment.' };
    expect(await refusal(fixture.call(Rpc.donations.reserve, { actor: x, donationId: available.id }))).toMatchObject(refusedWith);
    expect(await refusal(fixture.call(Rpc.donations.ask, { actor: x, donationId: window.id, request: { message: 'Bonjour' } }))).toMatchObject(refusedWith);
    expect(await refusal(fixture.call(Rpc.donations.joinWaitlist, { actor: x, donationId: reserved.id }))).toMatchObject(refusedWith);
    expect(await refusal(fixture.create(x))).toMatchObject(refusedWith);
    expect(await refusal(fixture.call(Rpc.donations.postAsk, { actor: x, ask: { title: 'Je cherche un vélo', city: 'Agadir', distance: 10, visibility: 'public' } }))).toMatchObject(refusedWith);

    expect((await fixture.db.query(`SELECT count(*)::int AS n FROM donations.reservations WHERE reserver_id = $1`, [x.id]))[0].n).toBe(0);
    expect((await fixture.db.query(`SELECT count(*)::int AS n FROM donations.donation_requests WHERE member_id = $1`, [x.id]))[0].n).toBe(0);
    expect((await fixture.db.query(`SELECT count(*)::int AS n FROM donations.waitlist_entries WHERE member_id = $1`, [x.id]))[0].n).toBe(0);
    expect((await fixture.db.query(`SELECT count(*)::int AS n FROM donations.asks WHERE member_id = $1`, [x.id]))[0].n).toBe(0);
    expect((await fixture.db.query(`SELECT count(*)::int AS n FROM donations.donations WHERE owner_id = $1`, [x.id]))[0].n).toBe(ownBefore);
    expect((await statusOf(available.id)).status).toBe('available');
  });

  it('should not suspend again on a suspension whose reinstatement came first, nor bring back what a later suspension holds', async () => {
    const x = member();
    const item = await publishHere(x);
    const first = suspended(x.id);
    const firstId = first.envelope.payload.suspensionId;
    // The reinstatement delivered before its suspension (a redelivery): the suspension then changes nothing.
    expect(await fixture.usersEvent(reinstated(x.id, firstId))).toBe(true);
    expect(await fixture.usersEvent(first)).toBe(true);
    expect((await statusOf(item.id)).status).toBe('available');
    expect(await fixture.create(x)).toMatchObject({ status: 'available' });

    // A second suspension: its items wait for its own reinstatement, not the first one's.
    const second = suspended(x.id, randomUUID(), null);
    await fixture.usersEvent(second);
    expect((await statusOf(item.id)).status).toBe('cancelled');
    await fixture.usersEvent(reinstated(x.id, firstId));
    expect((await statusOf(item.id)).status).toBe('cancelled');
    await fixture.usersEvent(reinstated(x.id, second.envelope.payload.suspensionId));
    expect((await statusOf(item.id)).status).toBe('available');
  });

  it('should wait for a reservation under way to settle before letting go (the event is retried)', async () => {
    const x = member();
    const item = await fixture.reservedDonation({ reserver: x });
    await fixture.db.query(`UPDATE donations.reservations SET state = 'pending' WHERE id = $1`, [item.reservationId]);
    const suspension = suspended(x.id);
    await expect(fixture.usersEvent(suspension)).rejects.toThrow(/under way/);
    // Nothing of it was written: not even the suspension (the whole event waits).
    expect(await fixture.db.query(`SELECT suspension_id FROM donations.member_standing WHERE user_id = $1`, [x.id])).toEqual([]);
    await fixture.db.query(`UPDATE donations.reservations SET state = 'active' WHERE id = $1`, [item.reservationId]);
    expect(await fixture.usersEvent(suspension)).toBe(true);
    expect((await fixture.db.query(`SELECT state FROM donations.reservations WHERE id = $1`, [item.reservationId]))[0].state).toBe('cancelled');
  });
});

