import { signedInAdmin } from '../support/admin.js';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { completeGift, withDatabase } from '../support/members.js';

// Through the API: the donation's answer tells its two parties whether they rated it and until
// when they may (docs/product.md#ratings); a member's recent rating comments on their public
// profile from three ratings on; members report a comment, moderators keep or remove it
// (docs/product.md#rating-comments). Bad input gets a French 4xx and writes nothing.

const reportsOf = (ratingId: number): Promise<number> =>
  withDatabase(async (db) => (await db.query(`SELECT count(*)::int AS n FROM donations.rating_reports WHERE rating_id = $1`, [ratingId])).rows[0].n);

describe('GET /api/donations/{id}: the viewer’s rating', () => {
  it('should tell donor and receiver their rating and the end of the window, and others nothing', async () => {
    const [donor, receiver] = [await signedUpMember(), await signedUpMember()];
    const gift = await completeGift(donor.client, receiver.client, 'Coussin brodé');
    const seenBy = async (client: ApiClient) => (await client.call('GET /api/donations/{id}', { params: { id: gift.id } })).body;

    const before = await seenBy(donor.client);
    expect(before.myRating).toBeNull();
    const until = Date.parse(before.ratingOpenUntil!);
    expect(until - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect(until - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);

    const rated = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'up' } });
    expect((await seenBy(receiver.client)).myRating).toEqual({ value: 'up', createdAt: rated.body.createdAt });
    for (const other of [new ApiClient(), (await signedUpMember()).client]) {
      const seen = await seenBy(other);
      expect(seen).not.toHaveProperty('myRating');
      expect(seen).not.toHaveProperty('ratingOpenUntil');
    }
  });
});

describe('rating comments: the public profile, reports and moderation', () => {
  it('should show comments from the third rating, take one report per member, and let a moderator remove the comment', async () => {
    const subject = await signedUpMember();
    const donors = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    const ratingIds: number[] = [];
    for (const [index, donor] of donors.entries()) {
      const gift = await completeGift(donor.client, subject.client, `Cadeau ${index + 1}`, 'with the code');
      const body = index === 2 ? { value: 'down' as const, reason: 'rude' as const, comment: 'Très désagréable au téléphone.' } : { value: 'up' as const, comment: `Merci ${index + 1}` };
      const rated = await donor.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body });
      ratingIds.push(rated.body.id);
      const profile = (await new ApiClient().call('GET /api/users/{id}', { params: { id: subject.user.id } })).body;
      expect(profile.recentComments.length).toBe(index < 2 ? 0 : 3);
    }
    const profile = (await new ApiClient().call('GET /api/users/{id}', { params: { id: subject.user.id } })).body;
    expect(profile.recentComments.map((c) => c.comment)).toEqual(['Très désagréable au téléphone.', 'Merci 2', 'Merci 1']);
    expect(profile.recentComments[0]).toEqual({ id: ratingIds[2], value: 'down', reason: 'rude', comment: 'Très désagréable au téléphone.', verified: true, createdAt: expect.any(String) });
    expect(JSON.stringify(profile.recentComments)).not.toContain(donors[2]!.user.id);

    const target = ratingIds[2]!;
    const reportAs = (client: ApiClient, body: unknown = { reason: 'insulting', details: 'Insultant.' }, id: number | string = target) =>
      client.call('POST /api/ratings/{id}/reports', { params: { id }, body: body as { reason: 'insulting' } });
    expect(await reportAs(subject.client)).toMatchObject({ status: 201, body: { reported: true } });
    expect(await reportAs(subject.client)).toMatchObject({ status: 409, body: { code: 'ALREADY_REPORTED', message: 'Vous avez déjà signalé ce commentaire. Merci, les modérateurs vont l’examiner.' } });
    expect(await reportAs(donors[2]!.client)).toMatchObject({ status: 403, body: { code: 'RATING_OWN', message: 'Vous ne pouvez pas signaler votre propre commentaire.' } });
    expect(await reportAs(subject.client, { reason: 'boring' }, ratingIds[1]!)).toMatchObject({ status: 400, body: { field: 'reason', message: 'Motif de signalement inconnu.' } });
    expect(await reportAs(subject.client, undefined, 2_000_000_000)).toMatchObject({ status: 404, body: { code: 'RATING_NOT_FOUND', message: "Cette évaluation n'existe pas." } });
    expect(await reportAs(subject.client, undefined, 'abc')).toMatchObject({ status: 404, body: { code: 'RATING_NOT_FOUND' } });
    expect(await reportAs(new ApiClient())).toMatchObject({ status: 401 });
    expect(await reportsOf(target)).toBe(1);
    expect(await reportsOf(ratingIds[1]!)).toBe(0);

    // A member may neither list nor decide.
    expect(await subject.client.call('GET /api/admin/ratings')).toMatchObject({ status: 403 });
    expect(await subject.client.call('POST /api/admin/ratings/{id}/comment/remove', { params: { id: target } })).toMatchObject({ status: 403 });

    const admin = await signedInAdmin();
    const listed = (await admin.client.call('GET /api/admin/ratings')).body.find((r) => r.id === target);
    expect(listed).toMatchObject({ comment: 'Très désagréable au téléphone.', ratedId: subject.user.id, value: 'down', reports: [{ reason: 'insulting', details: 'Insultant.' }] });
    expect(await admin.client.call('POST /api/admin/ratings/{id}/comment/remove', { params: { id: target } })).toMatchObject({
      status: 200,
      body: { ratingId: target, commentRemoved: true, closedReports: 1 },
    });
    expect(await admin.client.call('POST /api/admin/ratings/{id}/comment/remove', { params: { id: target } })).toMatchObject({ status: 409, body: { code: 'RATING_NO_COMMENT' } });
    expect(await admin.client.call('POST /api/admin/ratings/{id}/reports/dismiss', { params: { id: 2_000_000_000 } })).toMatchObject({ status: 404 });

    // The rating stays in the record; its comment is gone, with who removed it.
    const after = (await new ApiClient().call('GET /api/users/{id}', { params: { id: subject.user.id } })).body;
    expect(after.ratings).toMatchObject({ up: 2, down: 1 });
    expect(after.recentComments.map((c) => c.comment)).toEqual(['Merci 2', 'Merci 1']);
    const row = await withDatabase(async (db) => (await db.query(`SELECT comment, comment_removed_by FROM donations.ratings WHERE id = $1`, [target])).rows[0]);
    expect(row).toEqual({ comment: null, comment_removed_by: admin.user.id });
    expect((await admin.client.call('GET /api/admin/ratings')).body.some((r) => r.id === target)).toBe(false);
  });

  it('should dismiss a comment’s reports and keep the comment', async () => {
    const [donor, receiver, reporter] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    const gift = await completeGift(donor.client, receiver.client, 'Vase');
    const rated = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'up', comment: 'Parfait, merci !' } });
    await reporter.client.call('POST /api/ratings/{id}/reports', { params: { id: rated.body.id }, body: { reason: 'false' } });
    const admin = await signedInAdmin();
    expect(await admin.client.call('POST /api/admin/ratings/{id}/reports/dismiss', { params: { id: rated.body.id } })).toMatchObject({
      status: 200,
      body: { ratingId: rated.body.id, commentRemoved: false, closedReports: 1 },
    });
    const row = await withDatabase(async (db) => (await db.query(`SELECT comment FROM donations.ratings WHERE id = $1`, [rated.body.id])).rows[0]);
    expect(row.comment).toBe('Parfait, merci !');
  });
});
