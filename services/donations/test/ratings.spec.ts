import { Rpc, type Actor, type RateDonationInput, type RatingView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { member, twoReplicas } from './donations-fixture.js';

// Ratings after a gift on the real donations service: donor and receiver rate each other once,
// verified when the handover code confirmed the gift; nobody else, not before the handover and not
// after 14 days; a second rating is refused even when two replicas take both at once.

const [replica, other] = twoReplicas();

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const rate = (actor: Actor, donationId: number, rating: RateDonationInput, on = replica) => on.call<RatingView>(Rpc.donations.rate, { actor, donationId, rating });

async function ratingsOf(donationId: number): Promise<number> {
  const [row] = await replica.db.query(`SELECT count(*)::int AS n FROM donations.ratings WHERE donation_id = $1`, [donationId]);
  return row.n;
}

/** A donation reserved and then given, by the handover code or by the reserver's own confirmation. */
async function givenDonation(withCode: boolean) {
  const item = await replica.reservedDonation({ code: '4242', reservedAt: new Date() });
  if (withCode) await replica.call(Rpc.donations.confirmHandover, { actor: item.owner, donationId: item.id, handover: { code: '4242' } });
  else await replica.call(Rpc.donations.confirm, { actor: item.reserver, donationId: item.id });
  return item;
}

it('should let donor and receiver rate each other once, verified when the code confirmed the gift', async () => {
  const item = await givenDonation(true);
  const byOwner = await rate(item.owner, item.id, { value: 'up', comment: 'Ponctuel et très aimable.' });
  expect(byOwner).toMatchObject({ donationId: item.id, ratedId: item.reserver.id, value: 'up', reason: null, comment: 'Ponctuel et très aimable.', verified: true });
  const byReceiver = await rate(item.reserver, item.id, { value: 'down', reason: 'not_as_described' });
  expect(byReceiver).toMatchObject({ ratedId: item.owner.id, value: 'down', reason: 'not_as_described', comment: null, verified: true });
  expect(await refusal(rate(item.owner, item.id, { value: 'down', reason: 'late' }))).toMatchObject({ status: 409, code: 'ALREADY_RATED', message: 'Vous avez déjà évalué ce don.' });
  expect(await ratingsOf(item.id)).toBe(2);
});

it('should not mark verified a gift the receiver confirmed alone, and keep no reason on an up rating', async () => {
  const item = await givenDonation(false);
  expect(await rate(item.reserver, item.id, { value: 'up', reason: 'late' })).toMatchObject({ verified: false, reason: null });
});

it('should take exactly one of two ratings sent at once to two replicas', async () => {
  const item = await givenDonation(true);
  const answers = await Promise.all([
    rate(item.owner, item.id, { value: 'up' }).then(() => 201, (e: RpcFailure) => e.body.status),
    rate(item.owner, item.id, { value: 'up' }, other).then(() => 201, (e: RpcFailure) => e.body.status),
  ]);
  expect(answers.sort()).toEqual([201, 409]);
  expect(await ratingsOf(item.id)).toBe(1);
});

it('should refuse a stranger, a gift not handed over yet and a rating after 14 days, writing nothing', async () => {
  const given = await givenDonation(true);
  expect(await refusal(rate(member(), given.id, { value: 'up' }))).toMatchObject({ status: 403, code: 'RATING_NOT_PARTY' });

  const reserved = await replica.reservedDonation({ code: '1111', reservedAt: new Date() });
  expect(await refusal(rate(reserved.owner, reserved.id, { value: 'up' }))).toMatchObject({ status: 409, code: 'DONATION_NOT_GIVEN' });
  expect(await refusal(rate(reserved.reserver, reserved.id, { value: 'up' }))).toMatchObject({ status: 409, code: 'DONATION_NOT_GIVEN' });

  // Handed over 14 days and a minute ago: the window has closed.
  await replica.db.query(`UPDATE donations.reservations SET closed_at = now() - interval '14 days 1 minute' WHERE id = $1`, [given.reservationId]);
  expect(await refusal(rate(given.reserver, given.id, { value: 'up' }))).toMatchObject({ status: 400, code: 'RATING_WINDOW_CLOSED' });
  await replica.db.query(`UPDATE donations.reservations SET closed_at = now() - interval '13 days' WHERE id = $1`, [given.reservationId]);
  expect(await rate(given.reserver, given.id, { value: 'up' })).toMatchObject({ value: 'up' });

  expect(await refusal(rate(given.owner, 2_000_000_000, { value: 'up' }))).toMatchObject({ status: 404 });
  expect(await ratingsOf(reserved.id)).toBe(0);
  expect(await ratingsOf(given.id)).toBe(1);
});
