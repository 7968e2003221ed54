import { Rpc, type Actor, type ModerationRatingView, type RateDonationInput, type RatingCommentView, type RatingStateView, type RatingView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { admin, DonationsFixture, member, ONLY_TESTS_RUN_JOBS } from './donations-fixture.js';

// The rating form's state on the donation page, the comments a public profile shows, and the
// moderation of those comments on the real donations service: members report a comment once, a
// moderator keeps it (reports dismissed) or removes it (the rating stays, who and when recorded).

const fixture = new DonationsFixture();

beforeAll(() => fixture.start(ONLY_TESTS_RUN_JOBS));
afterAll(() => fixture.stop());

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const rate = (actor: Actor, donationId: number, rating: RateDonationInput) => fixture.call<RatingView>(Rpc.donations.rate, { actor, donationId, rating });
const state = (actor: Actor, donationId: number) => fixture.call<RatingStateView | null>(Rpc.donations.ratingState, { actor, donationId });
const comments = (userId: string) => fixture.call<RatingCommentView[]>(Rpc.donations.ratingComments, { userId });
const reported = (actor: Actor = admin()) => fixture.call<ModerationRatingView[]>(Rpc.donations.reportedRatings, { actor });
const report = (actor: Actor, ratingId: number) => fixture.call(Rpc.donations.reportRating, { actor, ratingId, report: { reason: 'insulting', details: 'Des insultes.' } });

/** A gift received by `receiver` (a new member by default), handed over with the code: its ratings count (decision 0056). */
async function given(receiver: Actor = member()) {
  const item = await fixture.reservedDonation({ reserver: receiver, code: '9753' });
  await fixture.call(Rpc.donations.confirmHandover, { actor: item.owner, donationId: item.id, handover: { code: '9753' } });
  return item;
}

async function openReportsOf(ratingId: number): Promise<number> {
  const [row] = await fixture.db.query(`SELECT count(*)::int AS n FROM donations.rating_reports WHERE rating_id = $1 AND closed_at IS NULL`, [ratingId]);
  return row.n;
}

it('should tell the two parties their rating so far and until when they may rate, and nobody else anything', async () => {
  const reserved = await fixture.reservedDonation({});
  expect(await state(reserved.owner, reserved.id)).toEqual({ myRating: null, ratingOpenUntil: null, disputableUntil: null });

  const item = await given();
  const [closed] = await fixture.db.query(`SELECT closed_at FROM donations.reservations WHERE id = $1`, [item.reservationId]);
  const until = new Date(closed.closed_at.getTime() + 14 * 86_400_000).toISOString();
  expect(await state(item.owner, item.id)).toMatchObject({ myRating: null, ratingOpenUntil: until });
  const rating = await rate(item.reserver, item.id, { value: 'up' });
  expect(await state(item.reserver, item.id)).toEqual({ myRating: { value: 'up', createdAt: rating.createdAt }, ratingOpenUntil: until, disputableUntil: null });
  expect(await state(item.owner, item.id)).toMatchObject({ myRating: null });
  expect(await state(member(), item.id)).toBeNull();
  expect(await state(item.owner, 2_000_000_000)).toBeNull();
});

it('should show a member’s comments from their third rating on, newest first, without removed ones', async () => {
  const subject = member();
  const ratings: RatingView[] = [];
  for (const comment of ['Très ponctuel.', null]) {
    const item = await given(subject);
    ratings.push(await rate(item.owner, item.id, comment ? { value: 'up', comment } : { value: 'up' }));
  }
  expect(await comments(subject.id)).toEqual([]);
  const third = await given(subject);
  ratings.push(await rate(third.owner, third.id, { value: 'down', reason: 'late', comment: 'Une heure de retard.' }));
  expect((await comments(subject.id)).map((c) => c.comment)).toEqual(['Une heure de retard.', 'Très ponctuel.']);
  expect((await comments(subject.id))[0]).toMatchObject({ id: ratings[2]!.id, value: 'down', reason: 'late', verified: true });

  await fixture.call(Rpc.donations.removeRatingComment, { actor: admin(), ratingId: ratings[2]!.id });
  expect((await comments(subject.id)).map((c) => c.comment)).toEqual(['Très ponctuel.']);
});

it('should take one report per member, list it for moderators, and remove the comment but keep the rating', async () => {
  const item = await given();
  const rating = await rate(item.owner, item.id, { value: 'down', reason: 'rude', comment: 'Personne désagréable.' });
  const [rated, bystander] = [item.reserver, member()];
  expect(await report(rated, rating.id)).toEqual({ reported: true });
  expect(await report(bystander, rating.id)).toEqual({ reported: true });
  expect(await refusal(report(rated, rating.id))).toMatchObject({ status: 409, code: 'ALREADY_REPORTED' });
  expect(await refusal(report(item.owner, rating.id))).toMatchObject({ status: 403, code: 'RATING_OWN', message: 'Vous ne pouvez pas signaler votre propre commentaire.' });
  expect(await openReportsOf(rating.id)).toBe(2);

  const listed = (await reported()).find((r) => r.id === rating.id);
  expect(listed).toMatchObject({ donationId: item.id, raterId: item.owner.id, ratedId: rated.id, value: 'down', reason: 'rude', comment: 'Personne désagréable.' });
  expect(listed!.reports).toHaveLength(2);
  expect(listed!.reports[0]).toMatchObject({ reason: 'insulting', details: 'Des insultes.' });

  // A member may not decide; nothing changes.
  expect(await refusal(fixture.call(Rpc.donations.removeRatingComment, { actor: rated, ratingId: rating.id }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
  expect(await refusal(reported(member()))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });

  const moderator = admin();
  expect(await fixture.call(Rpc.donations.removeRatingComment, { actor: moderator, ratingId: rating.id })).toEqual({ ratingId: rating.id, commentRemoved: true, closedReports: 2 });
  const [row] = await fixture.db.query(`SELECT value, reason, comment, comment_removed_by FROM donations.ratings WHERE id = $1`, [rating.id]);
  expect(row).toEqual({ value: 'down', reason: 'rude', comment: null, comment_removed_by: moderator.id });
  const outcomes = await fixture.db.query(`SELECT DISTINCT outcome, closed_by FROM donations.rating_reports WHERE rating_id = $1`, [rating.id]);
  expect(outcomes).toEqual([{ outcome: 'removed', closed_by: moderator.id }]);
  expect((await reported()).some((r) => r.id === rating.id)).toBe(false);

  // Gone: nothing left to remove or to report.
  expect(await refusal(fixture.call(Rpc.donations.removeRatingComment, { actor: moderator, ratingId: rating.id }))).toMatchObject({ status: 409, code: 'RATING_NO_COMMENT' });
  expect(await refusal(report(member(), rating.id))).toMatchObject({ status: 409, code: 'RATING_NO_COMMENT' });
});

it('should dismiss a comment’s reports and keep the comment; a later report opens it again', async () => {
  const item = await given();
  const rating = await rate(item.reserver, item.id, { value: 'up', comment: 'Parfait.' });
  await report(item.owner, rating.id);
  expect(await fixture.call(Rpc.donations.dismissRatingReports, { actor: admin(), ratingId: rating.id })).toEqual({ ratingId: rating.id, commentRemoved: false, closedReports: 1 });
  expect(await fixture.call(Rpc.donations.dismissRatingReports, { actor: admin(), ratingId: rating.id })).toMatchObject({ closedReports: 0 });
  expect((await reported()).some((r) => r.id === rating.id)).toBe(false);
  const [row] = await fixture.db.query(`SELECT comment FROM donations.ratings WHERE id = $1`, [rating.id]);
  expect(row.comment).toBe('Parfait.');
  await report(member(), rating.id);
  expect((await reported()).find((r) => r.id === rating.id)?.reports).toHaveLength(1);
});

it('should refuse a rating that does not exist, writing nothing', async () => {
  expect(await refusal(report(member(), 2_000_000_000))).toMatchObject({ status: 404, code: 'RATING_NOT_FOUND', message: "Cette évaluation n'existe pas." });
  expect(await refusal(fixture.call(Rpc.donations.dismissRatingReports, { actor: admin(), ratingId: 2_000_000_000 }))).toMatchObject({ status: 404 });
  expect(await refusal(fixture.call(Rpc.donations.removeRatingComment, { actor: admin(), ratingId: 2_000_000_000 }))).toMatchObject({ status: 404 });
  const [row] = await fixture.db.query(`SELECT count(*)::int AS n FROM donations.rating_reports WHERE rating_id = 2000000000`);
  expect(row.n).toBe(0);
});
