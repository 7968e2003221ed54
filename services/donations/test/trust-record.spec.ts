import { Rpc, type Actor, type RatingCommentView, type RateDonationInput, type TrustRecordView } from '@hdiya/contracts';
import { member, twoReplicas } from './donations-fixture.js';

// A member's record and level on the real donations service (decision 0056): only handovers with
// the code count and earn a level; gifts the receiver confirmed alone are shown apart; their
// ratings count only past the donor's 48 hours and from a rater with a handover of their own; a
// level asks for different members (each once in 30 days), none the gift-pair rule flags, and a
// few weeks of membership.

const [replica] = twoReplicas();

const record = (subject: Actor) => replica.call<TrustRecordView>(Rpc.donations.trustRecord, { userId: subject.id });
const comments = (subject: Actor) => replica.call<RatingCommentView[]>(Rpc.donations.ratingComments, { userId: subject.id });
const rate = (actor: Actor, donationId: number, rating: RateDonationInput) => replica.call(Rpc.donations.rate, { actor, donationId, rating });

/** A gift from `owner` to `reserver`, handed over with the code or confirmed by the receiver alone, `daysAgo` days ago. */
async function gift({ owner = member(), reserver = member(), withCode = true, daysAgo = 0 } = {}) {
  const item = await replica.reservedDonation({ code: '2468', owner, reserver });
  if (withCode) await replica.call(Rpc.donations.confirmHandover, { actor: owner, donationId: item.id, handover: { code: '2468' } });
  else await replica.call(Rpc.donations.confirm, { actor: reserver, donationId: item.id });
  if (daysAgo > 0) await replica.db.query(`UPDATE donations.reservations SET closed_at = now() - make_interval(days => $2) WHERE id = $1`, [item.reservationId, daysAgo]);
  return item;
}

/** The member as the donations service knows them, signed up `days` days ago. */
async function joined(subject: Actor, days: number) {
  await replica.db.query(
    `INSERT INTO donations.members (user_id, username, first_name, last_name, updated_at, joined_at)
     VALUES ($1, $2, 'Test', 'T', now(), now() - make_interval(days => $3))
     ON CONFLICT (user_id) DO UPDATE SET joined_at = EXCLUDED.joined_at`,
    [subject.id, `m${subject.id.slice(0, 8)}`, days],
  );
}

it('should count handovers with the code, show the others apart, and no-shows of the last 90 days', async () => {
  const subject = member();
  expect(await record(subject)).toEqual({ given: 0, received: 0, declared: 0, ratings: null, noShows90d: 0, memberSince: null, level: 'new' });
  await gift({ reserver: subject });
  await gift({ reserver: subject, withCode: false });
  await gift({ owner: subject });
  for (const daysAgo of [3, 100]) {
    const lapsed = await replica.reservedDonation({ reserver: subject });
    await replica.db.query(`UPDATE donations.reservations SET state = 'expired', closed_at = now() - make_interval(days => $2) WHERE id = $1`, [lapsed.reservationId, daysAgo]);
  }
  await joined(subject, 5);
  expect(await record(subject)).toMatchObject({ given: 1, received: 1, declared: 1, ratings: null, noShows90d: 1, memberSince: expect.any(String), level: 'new' });
});

it('should not count ratings of fresh accounts that confirmed alone, even once the 48 hours have passed (hole 1)', async () => {
  const donor = member();
  for (let i = 0; i < 3; i++) {
    const item = await gift({ owner: donor, withCode: false });
    await rate(item.reserver, item.id, { value: 'down', reason: 'no_show', comment: 'Arnaque, objet jamais remis' });
  }
  expect(await record(donor)).toMatchObject({ given: 0, declared: 3, ratings: null, level: 'new' });
  await replica.db.query(`UPDATE donations.reservations SET closed_at = now() - interval '3 days' WHERE owner_id = $1`, [donor.id]);
  expect(await record(donor)).toMatchObject({ ratings: null });
  expect(await comments(donor)).toEqual([]);
});

it('should count a rating of a gift confirmed alone once the 48 hours passed, from a rater with a handover of their own', async () => {
  const donor = member();
  const raters = [member(), member(), member()];
  for (const rater of raters) await gift({ reserver: rater });
  const rated = [];
  for (const rater of raters) {
    const item = await gift({ owner: donor, reserver: rater, withCode: false });
    await rate(rater, item.id, { value: 'up', comment: 'Très aimable' });
    rated.push(item);
  }
  // Within the donor's 48 hours: not yet.
  expect(await record(donor)).toMatchObject({ ratings: null });
  await replica.db.query(`UPDATE donations.reservations SET closed_at = now() - interval '49 hours' WHERE id = ANY($1)`, [rated.map((r) => r.reservationId)]);
  expect(await record(donor)).toMatchObject({ declared: 3, ratings: { up: 3, down: 0, verified: 0 } });
  expect((await comments(donor)).map((c) => c.comment)).toEqual(['Très aimable', 'Très aimable', 'Très aimable']);
});

it('should count each counterparty once in 30 days and ask for two weeks of membership (hole 2)', async () => {
  const subject = member();
  const second = member();
  // A second account takes three items with the code at once: one gift for the level.
  for (let i = 0; i < 3; i++) await gift({ owner: subject, reserver: second });
  await joined(subject, 20);
  expect(await record(subject)).toMatchObject({ given: 3, level: 'new' });

  // Two more members: three different ones, reliable.
  const others = [member(), member()];
  for (const other of others) await gift({ owner: subject, reserver: other });
  expect(await record(subject)).toMatchObject({ given: 5, level: 'reliable' });

  // The same record on an account a week old: new.
  await joined(subject, 7);
  expect(await record(subject)).toMatchObject({ level: 'new' });
});

it('should leave out the members the gift-pair rule flags', async () => {
  const subject = member();
  await joined(subject, 90);
  const [a, b, c] = [member(), member(), member()];
  for (const other of [a, b, c]) await gift({ owner: subject, reserver: other, daysAgo: 60 });
  expect(await record(subject)).toMatchObject({ level: 'reliable' });
  // Four gifts with `a` within 30 days: more than the rule's three, and `a` no longer counts at all.
  for (const daysAgo of [10, 8, 6, 4]) await gift({ owner: a, reserver: subject, daysAgo });
  expect(await record(subject)).toMatchObject({ given: 3, received: 4, level: 'new' });
});
