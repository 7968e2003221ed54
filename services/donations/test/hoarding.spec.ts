import { ErrorCodes, Rpc, type Actor, type RpcErrorBody, type WaitlistView } from '@hdiya/contracts';
import { RpcFailure, waitFor } from '@hdiya/testing';
import { HoardingLimits } from '../src/core/hoarding-limits.js';
import { ReservationsService } from '../src/reservations/reservations.service.js';
import { DonationsFixture, member, ONLY_TESTS_RUN_JOBS } from './donations-fixture.js';

// Limits against hoarding (decision 0020) on the real donations service and database, with two
// replicas: at most 3 open reservations and 5 waiting-list places per member (also when one
// member's requests race on both replicas), a 72-hour cooldown before reserving or queueing for
// the same item again after cancelling it or letting it expire, the owner skipping an offer or
// withdrawing an offered item, and the cancel event that lets the points service see a late cancel.
//
// The points service is not part of these tests: a reserve that passes every limit goes on to the
// hold step, where it is undone (503, nobody answers) or refused (400, when another project's
// tests run a points service that does not know the member). Either answer is how these tests
// see "not refused by a limit"; the whole path with real points is in e2e/api/hoarding-limits.e2e.ts.

const replica = new DonationsFixture();
const other = new DonationsFixture();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Available donations these tests reserved for real: their reservations are left undone, so they go too. */
const touched: number[] = [];

const settings = { ...ONLY_TESTS_RUN_JOBS, POINTS_RPC_TIMEOUT_MS: '300' };

beforeAll(async () => {
  await replica.start(settings);
  await other.start(settings);
});
afterAll(async () => {
  if (touched.length > 0) await replica.db.query(`DELETE FROM donations.donations WHERE id = ANY($1)`, [touched]);
  await other.stop();
  await replica.stop();
});

async function refusal(promise: Promise<unknown>): Promise<RpcErrorBody> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

/** A new available donation, remembered for clean-up. */
async function availableDonation() {
  const donation = await replica.create(member());
  touched.push(donation.id);
  return donation;
}

const reserve = (actor: Actor, donationId: number, on = replica) => on.call(Rpc.donations.reserve, { actor, donationId });
const join = (actor: Actor, donationId: number, on = replica) => on.call<WaitlistView>(Rpc.donations.joinWaitlist, { actor, donationId });
const view = (actor: Actor, donationId: number) => replica.call<WaitlistView>(Rpc.donations.waitlist, { actor, donationId });

/** Passed every limit: it reached the hold step, where it was undone or refused (see above). */
function expectReachedHold(body: RpcErrorBody) {
  expect([ErrorCodes.RESERVATION_UNAVAILABLE, ErrorCodes.POINTS_INSUFFICIENT]).toContain(body.code);
}

async function outboxOf(type: string, donationId: number): Promise<{ name: string; payload: Record<string, unknown> }[]> {
  const rows = (await replica.db.query(
    `SELECT envelope FROM donations.outbox WHERE envelope->>'type' = $1 AND (envelope->'payload'->>'donationId')::int = $2 ORDER BY position`,
    [type, donationId],
  )) as { envelope: { type: string; version: number; payload: Record<string, unknown> } }[];
  return rows.map((r) => ({ name: `${r.envelope.type}.v${r.envelope.version}`, payload: r.envelope.payload }));
}

async function openReservationsOf(memberId: string): Promise<number> {
  const [row] = await replica.db.query(
    `SELECT count(*)::int AS n FROM donations.reservations WHERE reserver_id = $1 AND state IN ('pending', 'aborting', 'active')`,
    [memberId],
  );
  return row.n;
}

describe('open reservations per member', () => {
  it('should refuse a 4th open reservation, saying how the limit frees up, and change nothing', async () => {
    const hoarder = member();
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await replica.reservedDonation({ reserver: hoarder }));
    const fourth = await availableDonation();
    const refused = await refusal(reserve(hoarder, fourth.id));
    expect(refused).toEqual({
      status: 409,
      code: ErrorCodes.RESERVATIONS_LIMIT,
      message: 'Vous avez déjà 3 réservations en cours : confirmez la réception ou annulez une réservation pour en faire une nouvelle.',
    });
    const [donation] = await replica.db.query(`SELECT status, reservation_id FROM donations.donations WHERE id = $1`, [fourth.id]);
    expect(donation).toEqual({ status: 'available', reservation_id: null });

    // Confirming one reception frees a place.
    await replica.call(Rpc.donations.confirm, { actor: hoarder, donationId: held[0]!.id });
    expectReachedHold(await refusal(reserve(hoarder, fourth.id)));
  });

  it('should count one member’s reserves one after another across replicas, so two never both slip under the limit', async () => {
    const hoarder = member();
    for (let i = 0; i < 2; i++) await replica.reservedDonation({ reserver: hoarder });
    const [claimed, racing] = [await availableDonation(), await availableDonation()];
    // A reserve on one replica, caught between its limit check and its commit…
    const first = replica.db.createQueryRunner();
    await first.connect();
    await first.startTransaction();
    try {
      await replica.app.get(HoardingLimits).refuseReserve(first.manager, hoarder.id, claimed.id, new Date());
      await first.query(
        `INSERT INTO donations.reservations (id, donation_id, reserver_id, owner_id, state, reserved_at, expires_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'pending', now(), now() + interval '10 days')`,
        [claimed.id, hoarder.id, claimed.userId],
      );
      // …while the same member reserves another item on the other replica: it waits for the first…
      const second = refusal(reserve(hoarder, racing.id, other));
      await waitFor(async () => {
        const [{ n }] = await replica.db.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
             AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
          [`hoarding:${hoarder.id}`],
        );
        return n > 0;
      }, { what: 'the second reserve waiting for the first' });
      await first.commitTransaction();
      // …and, counting the first, finds the 3 places taken.
      expect(await second).toMatchObject({ status: 409, code: ErrorCodes.RESERVATIONS_LIMIT });
    } finally {
      if (first.isTransactionActive) await first.rollbackTransaction();
      await first.release();
    }
    expect(await openReservationsOf(hoarder.id)).toBe(3);
  });

  it('should count an accepted waiting-list offer and refuse accepting one at the limit, the offer staying the member’s', async () => {
    const hoarder = member();
    for (let i = 0; i < 3; i++) await replica.reservedDonation({ reserver: hoarder });
    const wanted = await replica.reservedDonation();
    await join(hoarder, wanted.id);
    await replica.call(Rpc.donations.cancel, { actor: wanted.reserver, donationId: wanted.id });
    expect((await view(hoarder, wanted.id)).me).toMatchObject({ state: 'offered' });
    expect(await refusal(reserve(hoarder, wanted.id))).toMatchObject({ status: 409, code: ErrorCodes.RESERVATIONS_LIMIT });
    expect((await view(hoarder, wanted.id)).me).toMatchObject({ state: 'offered' });
  });
});

describe('waiting-list places per member', () => {
  it('should refuse a 6th place, let one of several simultaneous joins through, and free a place when one is left', async () => {
    const queuer = member();
    for (let i = 0; i < 4; i++) await join(queuer, (await replica.reservedDonation()).id);
    const lines = await Promise.all(Array.from({ length: 4 }, () => replica.reservedDonation()));
    const answers = await Promise.all(
      lines.map((line, i) => join(queuer, line.id, i % 2 === 0 ? replica : other).then(() => null, (e: RpcFailure) => e.body)),
    );
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    const refused = answers.filter((a): a is RpcErrorBody => a !== null);
    expect(refused).toHaveLength(3);
    for (const body of refused) {
      expect(body).toEqual({
        status: 409,
        code: ErrorCodes.WAITLIST_PLACES_LIMIT,
        message:
          'Vous attendez déjà 5 objets : quittez une file d’attente pour en rejoindre une autre (une place se libère aussi quand un objet attendu vous est proposé ou donné).',
      });
    }
    const joined = lines[answers.indexOf(null)]!;
    const [{ n }] = await replica.db.query(`SELECT count(*)::int AS n FROM donations.waitlist_entries WHERE member_id = $1 AND state IN ('waiting', 'offered')`, [
      queuer.id,
    ]);
    expect(n).toBe(5);

    await replica.call(Rpc.donations.leaveWaitlist, { actor: queuer, donationId: joined.id });
    const next = lines.find((line) => line !== joined)!;
    expect((await join(queuer, next.id)).me).toEqual({ state: 'waiting', position: 1 });
  });
});

describe('reserving the same item again', () => {
  it('should refuse the reserver for 72 hours after cancelling, giving the time, and not after the owner cancelled', async () => {
    const item = await replica.reservedDonation();
    touched.push(item.id);
    await replica.call(Rpc.donations.cancel, { actor: item.reserver, donationId: item.id });
    const [{ closed_at: cancelledAt }] = await replica.db.query(`SELECT closed_at FROM donations.reservations WHERE id = $1`, [item.reservationId]);
    const refused = await refusal(reserve(item.reserver, item.id));
    const freeAt = new Date(cancelledAt.getTime() + 72 * HOUR);
    expect(refused).toMatchObject({ status: 409, code: ErrorCodes.RESERVE_AGAIN_COOLDOWN, retryAt: freeAt.toISOString() });
    expect(refused.message).toMatch(/^Vous avez annulé ou laissé expirer une réservation de cet objet : vous pourrez le réserver de nouveau à partir du \d{1,2} \S+ \d{4} à \d{2}:\d{2}\.$/);
    // 72 hours later, the member may again.
    await replica.db.query(`UPDATE donations.reservations SET closed_at = closed_at - interval '72 hours 1 second' WHERE id = $1`, [item.reservationId]);
    expectReachedHold(await refusal(reserve(item.reserver, item.id)));

    const byOwner = await replica.reservedDonation();
    touched.push(byOwner.id);
    await replica.call(Rpc.donations.cancel, { actor: byOwner.owner, donationId: byOwner.id });
    expectReachedHold(await refusal(reserve(byOwner.reserver, byOwner.id)));
  });

  it('should refuse reserving or queueing again after letting the 10 days run out', async () => {
    const item = await replica.reservedDonation({ reservedAt: new Date(Date.now() - 11 * DAY) });
    touched.push(item.id);
    const queuer = member();
    await join(queuer, item.id);
    const expiredAt = new Date();
    await replica.app.get(ReservationsService).expireDue(expiredAt);
    // Offered to the next in line: the one who let it expire may not queue for it either.
    const refused = await refusal(join(item.reserver, item.id));
    expect(refused).toMatchObject({ status: 409, code: ErrorCodes.RESERVE_AGAIN_COOLDOWN, retryAt: new Date(expiredAt.getTime() + 72 * HOUR).toISOString() });
    await replica.call(Rpc.donations.leaveWaitlist, { actor: queuer, donationId: item.id });
    expect(await refusal(reserve(item.reserver, item.id))).toMatchObject({ code: ErrorCodes.RESERVE_AGAIN_COOLDOWN });
  });
});

describe('the owner and an item offered from the line', () => {
  async function offered() {
    const item = await replica.reservedDonation();
    const [first, second] = [member(), member()];
    await join(first, item.id);
    await join(second, item.id);
    await replica.call(Rpc.donations.cancel, { actor: item.reserver, donationId: item.id });
    expect((await view(first, item.id)).me).toMatchObject({ state: 'offered' });
    return { ...item, first, second };
  }

  it('should let only the owner pass the offer to the next, telling the skipped member, then free the item when nobody waits', async () => {
    const item = await offered();
    expect(await refusal(replica.call(Rpc.donations.skipWaitlistOffer, { actor: item.first, donationId: item.id }))).toMatchObject({
      status: 403,
      code: ErrorCodes.DONATION_NOT_OWNER,
    });
    expect(await refusal(replica.call(Rpc.donations.skipWaitlistOffer, { actor: member(), donationId: item.id }))).toMatchObject({ status: 403 });

    const line = await replica.call<WaitlistView>(Rpc.donations.skipWaitlistOffer, { actor: item.owner, donationId: item.id });
    // The owner sees who it is offered to now (the web app puts their level beside the name); nobody else does.
    expect(line).toMatchObject({ waiting: 0, offerOut: true, offerExpiresAt: expect.any(String), offeredTo: { id: item.second.id } });
    expect((await view(item.first, item.id)).me).toBeNull();
    expect((await view(item.second, item.id)).offeredTo).toBeNull();
    expect((await view(item.second, item.id)).me).toMatchObject({ state: 'offered' });
    expect(await refusal(reserve(item.first, item.id))).toMatchObject({ status: 409, code: ErrorCodes.DONATION_ALREADY_RESERVED });
    expect(await outboxOf('WaitlistOfferLapsed', item.id)).toEqual([
      { name: 'WaitlistOfferLapsed.v2', payload: expect.objectContaining({ memberId: item.first.id, reason: 'skipped' }) },
    ]);

    await replica.call(Rpc.donations.skipWaitlistOffer, { actor: item.owner, donationId: item.id });
    const [donation] = await replica.db.query(`SELECT status, offered_to_id FROM donations.donations WHERE id = $1`, [item.id]);
    expect(donation).toEqual({ status: 'available', offered_to_id: null });
    expect(await refusal(replica.call(Rpc.donations.skipWaitlistOffer, { actor: item.owner, donationId: item.id }))).toMatchObject({
      status: 409,
      code: ErrorCodes.WAITLIST_NO_OFFER,
    });
  });

  it('should refuse to skip while the item is held, and while the offer is being accepted', async () => {
    const held = await replica.reservedDonation();
    expect(await refusal(replica.call(Rpc.donations.skipWaitlistOffer, { actor: held.owner, donationId: held.id }))).toMatchObject({
      code: ErrorCodes.WAITLIST_NO_OFFER,
    });
    const item = await offered();
    // An acceptance under way: its reservation is pending (the hold being taken).
    await replica.db.query(
      `INSERT INTO donations.reservations (id, donation_id, reserver_id, owner_id, state, reserved_at, expires_at) VALUES (gen_random_uuid(), $1, $2, $3, 'pending', now(), now() + interval '10 days')`,
      [item.id, item.first.id, item.owner.id],
    );
    await replica.db.query(
      `UPDATE donations.donations SET reservation_id = r.id, reserved_by_id = r.reserver_id, reserved_at = r.reserved_at, auto_expire_at = r.expires_at
       FROM donations.reservations r WHERE r.donation_id = $1 AND r.state = 'pending' AND donations.donations.id = $1`,
      [item.id],
    );
    expect(await refusal(replica.call(Rpc.donations.skipWaitlistOffer, { actor: item.owner, donationId: item.id }))).toMatchObject({
      status: 409,
      code: ErrorCodes.RESERVATION_UNAVAILABLE,
    });
    expect(await refusal(replica.call(Rpc.donations.delete, { actor: item.owner, donationId: item.id }))).toMatchObject({
      status: 409,
      code: ErrorCodes.DONATION_NOT_DELETABLE,
    });
  });

  it('should let the owner withdraw an item offered from the line, ending the offer and telling everyone who waited', async () => {
    const item = await offered();
    await replica.call(Rpc.donations.delete, { actor: item.owner, donationId: item.id });
    expect(await refusal(replica.call(Rpc.donations.get, { donationId: item.id }))).toMatchObject({ status: 404 });
    const [closed] = (await replica.db.query(
      `SELECT envelope->'payload' AS payload FROM donations.outbox WHERE envelope->>'type' = 'WaitlistClosed' AND (envelope->'payload'->>'donationId')::int = $1`,
      [item.id],
    )) as { payload: { memberIds: string[]; reason: string } }[];
    expect(closed!.payload.reason).toBe('deleted');
    expect(closed!.payload.memberIds.sort()).toEqual([item.first.id, item.second.id].sort());
  });
});

describe('the cancel event', () => {
  it('should say who cancelled, when, and when the reservation would have ended', async () => {
    const reservedAt = new Date(Date.now() - 9.5 * DAY);
    const item = await replica.reservedDonation({ reservedAt });
    await replica.call(Rpc.donations.cancel, { actor: item.reserver, donationId: item.id });
    const [event] = await outboxOf('ReservationCancelled', item.id);
    expect(event!.name).toBe('ReservationCancelled.v2');
    expect(event!.payload).toMatchObject({ reservationId: item.reservationId, cancelledBy: 'reserver', expiresAt: new Date(reservedAt.getTime() + 10 * DAY).toISOString() });
    expect(Date.now() - Date.parse(event!.payload.cancelledAt as string)).toBeLessThan(60_000);
  });
});
