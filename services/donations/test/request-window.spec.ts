import { randomUUID } from 'node:crypto';
import { Rpc, type Actor, type DonationRequestsView, type DonationView, type RpcErrorBody } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { drawOrder } from '../src/request-window/draw.js';
import { RequestWindowService } from '../src/request-window/request-window.service.js';
import { member, ONLY_TESTS_RUN_JOBS, DonationsFixture } from './donations-fixture.js';

// The request window on the real donations service and database, with two replicas: publishing
// with a window, asking (nothing held), withdrawing, what the owner and an asker see, every refusal
// with nothing written, and the draw's order stored so it replays from the rows. The points
// service is not part of these tests (a choice that reaches the hold is undone or refused there);
// the whole path with real points, the choice and the draw is in e2e/api/request-window.e2e.ts.

const replica = new DonationsFixture();
const other = new DonationsFixture();
const HOUR = 60 * 60 * 1000;
const created: number[] = [];

beforeAll(async () => {
  await replica.start({ ...ONLY_TESTS_RUN_JOBS, POINTS_RPC_TIMEOUT_MS: '300' });
  await other.start({ ...ONLY_TESTS_RUN_JOBS, POINTS_RPC_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  if (created.length > 0) await replica.db.query(`DELETE FROM donations.donations WHERE id = ANY($1)`, [created]);
  await other.stop();
  await replica.stop();
});

async function refusal(promise: Promise<unknown>): Promise<RpcErrorBody> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function windowDonation(owner: Actor = member(), hours = 6): Promise<DonationView> {
  const donation = await replica.create(owner, { allocation: { mode: 'choose', closesAt: new Date(Date.now() + hours * HOUR).toISOString() } });
  created.push(donation.id);
  return donation;
}

/** A member with a verified address asks (asking needs one: the refusal has its own test). */
const ask = async (actor: Actor, donationId: number, message = 'Bonjour, cela me servirait beaucoup.', on = replica) => {
  await replica.verified(actor);
  return on.call<DonationRequestsView>(Rpc.donations.ask, { actor, donationId, request: { message } });
};
const view = (actor: Actor, donationId: number) => replica.call<DonationRequestsView>(Rpc.donations.requests, { actor, donationId });

async function requestsOf(donationId: number): Promise<{ member_id: string; state: string }[]> {
  return replica.db.query(`SELECT member_id, state FROM donations.donation_requests WHERE donation_id = $1 ORDER BY created_at`, [donationId]);
}

it('should publish a window of 2 to 48 hours and refuse a reservation while the donor chooses', async () => {
  const owner = member();
  const donation = await windowDonation(owner);
  expect(donation.allocation).toMatchObject({ mode: 'choose', decided: false });
  if (donation.allocation.mode !== 'choose') throw new Error('a window');
  expect(Date.parse(donation.allocation.drawAt) - Date.parse(donation.allocation.closesAt)).toBe(24 * HOUR);
  expect((await replica.create(owner)).allocation).toEqual({ mode: 'first' });

  expect(await refusal(replica.call(Rpc.donations.reserve, { actor: member(), donationId: donation.id }))).toMatchObject({
    status: 409,
    code: 'RESERVE_BY_REQUEST',
    message: 'Le donateur choisit parmi les demandes : demandez-le avant la clôture.',
  });
  const [{ n }] = await replica.db.query(`SELECT count(*)::int AS n FROM donations.reservations WHERE donation_id = $1`, [donation.id]);
  expect(n).toBe(0);

  for (const hours of [1, 49]) {
    const before = (await replica.db.query(`SELECT count(*)::int AS n FROM donations.donations WHERE owner_id = $1`, [owner.id]))[0].n;
    const closesAt = new Date(Date.now() + hours * HOUR).toISOString();
    expect(await refusal(replica.create(owner, { allocation: { mode: 'choose', closesAt } }))).toMatchObject({ status: 400, code: 'REQUEST_WINDOW_INVALID' });
    expect((await replica.db.query(`SELECT count(*)::int AS n FROM donations.donations WHERE owner_id = $1`, [owner.id]))[0].n).toBe(before);
  }
});

it('should refuse to let a member ask before their address is verified, in French, with nothing written (issue 45)', async () => {
  const donation = await windowDonation();
  const unverified = member();
  expect(await refusal(replica.call(Rpc.donations.ask, { actor: unverified, donationId: donation.id, request: { message: 'Bonjour !' } }))).toMatchObject({
    status: 403,
    code: 'EMAIL_NOT_VERIFIED',
    message: 'Confirmez d’abord votre adresse email pour demander un don : ouvrez le lien que nous vous avons envoyé, ou demandez-en un nouveau depuis votre profil.',
  });
  expect(await requestsOf(donation.id)).toEqual([]);
  // Once the users service says the address is verified, the same member asks.
  await replica.verified(unverified);
  expect(await replica.call<DonationRequestsView>(Rpc.donations.ask, { actor: unverified, donationId: donation.id, request: { message: 'Bonjour !' } })).toMatchObject({ open: 1 });
});

it('should let members ask and withdraw, holding nothing; the owner sees every asker with their record, an asker only their own', async () => {
  const owner = member();
  const donation = await windowDonation(owner);
  const [a, b, c] = [member(), member(), member()];
  await ask(a, donation.id);
  await ask(b, donation.id, 'Pour ma fille, elle commence l’école.', other);
  const seenByC = await ask(c, donation.id);
  expect(seenByC).toMatchObject({ open: 3, requests: [], mine: { member: { id: c.id }, state: 'open', record: null } });

  const seenByOwner = await view(owner, donation.id);
  expect(seenByOwner.requests.map((r) => r.member.id)).toEqual([a.id, b.id, c.id]);
  expect(seenByOwner.requests[1]).toMatchObject({ message: 'Pour ma fille, elle commence l’école.', record: { given: 0, received: 0, ratings: null, level: 'new' } });

  expect(await refusal(ask(a, donation.id))).toMatchObject({ status: 409, code: 'ALREADY_ASKED' });
  expect(await refusal(ask(owner, donation.id))).toMatchObject({ status: 403, code: 'DONATION_OWN' });

  const afterWithdraw = await replica.call<DonationRequestsView>(Rpc.donations.withdrawRequest, { actor: b, donationId: donation.id });
  expect(afterWithdraw).toMatchObject({ open: 2, mine: { state: 'withdrawn' } });
  expect(await refusal(replica.call(Rpc.donations.withdrawRequest, { actor: b, donationId: donation.id }))).toMatchObject({ status: 404, code: 'REQUEST_NOT_FOUND' });
  // Asking again after withdrawing is a new request.
  await ask(b, donation.id);
  expect((await requestsOf(donation.id)).map((r) => r.state)).toEqual(['open', 'withdrawn', 'open', 'open']);

  const [{ held }] = await replica.db.query(`SELECT count(*)::int AS held FROM donations.reservations WHERE donation_id = $1`, [donation.id]);
  expect(held).toBe(0);
});

it('should refuse asking a first-come item, after the close, with markup, and a choice by anyone but the owner or of another donation', async () => {
  const owner = member();
  const firstCome = await replica.create(owner);
  created.push(firstCome.id);
  expect(await refusal(ask(member(), firstCome.id))).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED', message: 'Ce don va au premier qui le réserve : réservez-le directement.' });

  const donation = await windowDonation(owner);
  const asker = member();
  expect(await refusal(ask(asker, donation.id, '<b>moi</b>'))).toMatchObject({ status: 400 });
  const { mine } = await ask(asker, donation.id);

  const another = await windowDonation(owner);
  const choose = (actor: Actor, donationId: number, requestId: string) => replica.call(Rpc.donations.chooseRequest, { actor, donationId, requestId });
  expect(await refusal(choose(member(), donation.id, mine!.id))).toMatchObject({ status: 403, code: 'DONATION_NOT_OWNER' });
  expect(await refusal(choose(owner, another.id, mine!.id))).toMatchObject({ status: 404, code: 'REQUEST_NOT_FOUND', message: 'Cette demande n’existe pas pour ce don.' });
  expect(await refusal(choose(owner, donation.id, randomUUID()))).toMatchObject({ status: 404, code: 'REQUEST_NOT_FOUND' });

  await replica.db.query(`UPDATE donations.donations SET requests_close_at = now() - interval '1 minute' WHERE id = $1`, [donation.id]);
  expect(await refusal(ask(member(), donation.id))).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED', message: 'Les demandes pour ce don sont closes.' });
  expect(await requestsOf(donation.id)).toEqual([{ member_id: asker.id, state: 'open' }]);
  const [{ n }] = await replica.db.query(`SELECT count(*)::int AS n FROM donations.reservations WHERE donation_id = ANY($1)`, [[donation.id, another.id]]);
  expect(n).toBe(0);
});

it('should open a window nobody asked in to first come at its close', async () => {
  const donation = await windowDonation();
  await replica.db.query(`UPDATE donations.donations SET requests_close_at = now() - interval '1 minute' WHERE id = $1`, [donation.id]);
  await replica.app.get(RequestWindowService).settleDue();
  const after = await replica.call<DonationView>(Rpc.donations.get, { donationId: donation.id });
  expect(after.allocation).toMatchObject({ mode: 'choose', decided: true });
});

it('should store the draw (seed, each asker’s weight from their last 28 days) so that it replays from the rows', async () => {
  const donation = await windowDonation();
  const askers = [member(), member(), member(), member()];
  for (const asker of askers) await ask(asker, donation.id);
  // The second asker received a gift 3 days ago: half the weight of the others.
  const given = await replica.reservedDonation({ reserver: askers[1]! });
  await replica.db.query(`UPDATE donations.reservations SET state = 'completed', closed_at = now() - interval '3 days' WHERE id = $1`, [given.reservationId]);
  await replica.db.query(`UPDATE donations.donations SET requests_close_at = now() - interval '25 hours' WHERE id = $1`, [donation.id]);

  // Without a points service the drawn member's hold fails: the draw is stored before it is tried.
  await replica.app.get(RequestWindowService).settleDue();
  const [{ draw_seed: seed }] = await replica.db.query(`SELECT draw_seed FROM donations.donations WHERE id = $1`, [donation.id]);
  const stored: { id: string; member_id: string; received_28d: number; draw_weight: number; draw_rank: number }[] = await replica.db.query(
    `SELECT id, member_id, received_28d, draw_weight, draw_rank FROM donations.donation_requests WHERE donation_id = $1 ORDER BY draw_rank`,
    [donation.id],
  );
  expect(seed).toMatch(/^[0-9a-f]{32}$/);
  expect(stored.map((r) => [r.member_id, r.received_28d, r.draw_weight])).toEqual(
    expect.arrayContaining(askers.map((a, i) => [a.id, i === 1 ? 1 : 0, i === 1 ? 0.5 : 1])),
  );
  expect(stored.map((r) => r.draw_rank)).toEqual([1, 2, 3, 4]);
  const replayed = drawOrder(seed, stored.map((r) => ({ id: r.id, weight: r.draw_weight })));
  expect(replayed.map((r) => r.id)).toEqual(stored.map((r) => r.id));

  // Run again (by the other replica): the same order, not a new draw.
  await other.app.get(RequestWindowService).settleDue();
  const [{ draw_seed: again }] = await replica.db.query(`SELECT draw_seed FROM donations.donations WHERE id = $1`, [donation.id]);
  expect(again).toBe(seed);
});

it('should take five new accounts at most in one window, and give them less weight in the draw (issue 45)', async () => {
  const donation = await windowDonation();
  /** A member the service knows, signed up `days` days ago. */
  const joined = async (days: number) => {
    const m = member();
    await replica.db.query(`INSERT INTO donations.members (user_id, username, updated_at, joined_at) VALUES ($1, $2, now(), now() - make_interval(days => $3))`, [
      m.id,
      `m${m.id.slice(0, 8)}`,
      days,
    ]);
    return m;
  };
  const fresh = [];
  for (let i = 0; i < 5; i++) fresh.push(await joined(0));
  for (const m of fresh) await ask(m, donation.id);
  expect(await refusal(ask(await joined(6), donation.id))).toMatchObject({
    status: 409,
    code: 'REQUESTS_CLOSED',
    message: 'Ce don a déjà reçu 5 demandes de membres inscrits depuis moins de 7 jours : il n’en accepte plus d’autres.',
  });
  const neighbour = await joined(30);
  await ask(neighbour, donation.id);
  expect((await requestsOf(donation.id)).length).toBe(6);

  await replica.db.query(`UPDATE donations.donations SET requests_close_at = now() - interval '25 hours' WHERE id = $1`, [donation.id]);
  await replica.app.get(RequestWindowService).settleDue();
  const weights: { member_id: string; draw_weight: number }[] = await replica.db.query(`SELECT member_id, draw_weight FROM donations.donation_requests WHERE donation_id = $1`, [donation.id]);
  expect(Object.fromEntries(weights.map((w) => [w.member_id, w.draw_weight]))).toEqual({ ...Object.fromEntries(fresh.map((m) => [m.id, 0.5])), [neighbour.id]: 1 });
});
