import { ApiClient, signedUpMember } from '../support/api-client.js';
import { completeGift, publish, withDatabase } from '../support/members.js';

// Ratings after a gift through the API (docs/product.md#ratings): donor and receiver rate each
// other once, verified when the owner confirmed with the handover code; bad input and the wrong
// member get a French 4xx, and nothing is written.

const ratingsOf = (donationId: number): Promise<number> =>
  withDatabase(async (db) => (await db.query(`SELECT count(*)::int AS n FROM donations.ratings WHERE donation_id = $1`, [donationId])).rows[0].n);

/** A gift confirmed by the owner with the code the reserver shows: both were there. */
async function giftHandedOverWithCode() {
  const [donor, receiver] = [await signedUpMember(), await signedUpMember()];
  const donation = await publish(donor.client, 'Tapis berbère');
  expect((await receiver.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);
  const handover = await receiver.client.call('GET /api/donations/{id}/handover', { params: { id: donation.id } });
  const code = (handover.body as { code: string }).code;
  expect((await donor.client.call('POST /api/donations/{id}/handover', { params: { id: donation.id }, body: { code } })).status).toBe(200);
  return { donor, receiver, donation };
}

describe('POST /api/donations/{id}/ratings', () => {
  it('should let donor and receiver rate each other once, verified after a handover with the code', async () => {
    const { donor, receiver, donation } = await giftHandedOverWithCode();
    const byDonor = await donor.client.call('POST /api/donations/{id}/ratings', { params: { id: donation.id }, body: { value: 'up', comment: 'Très ponctuelle, merci !' } });
    expect(byDonor).toMatchObject({ status: 201, body: { donationId: donation.id, ratedId: receiver.user.id, value: 'up', reason: null, verified: true } });
    const byReceiver = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: donation.id }, body: { value: 'down', reason: 'late' } });
    expect(byReceiver).toMatchObject({ status: 201, body: { ratedId: donor.user.id, value: 'down', reason: 'late', verified: true } });
    const again = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: donation.id }, body: { value: 'up' } });
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_RATED', message: 'Vous avez déjà évalué ce don.' } });
    expect(await ratingsOf(donation.id)).toBe(2);
  });

  it('should not verify a gift the receiver confirmed alone', async () => {
    const [donor, receiver] = [await signedUpMember(), await signedUpMember()];
    const gift = await completeGift(donor.client, receiver.client, 'Service à thé');
    const rated = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'up' } });
    expect(rated).toMatchObject({ status: 201, body: { verified: false } });
  });

  it('should refuse bad input, a third member, a gift not handed over and a visitor, in French, writing nothing', async () => {
    const { donor, donation } = await giftHandedOverWithCode();
    const rateAs = (client: ApiClient, body: unknown, id = donation.id) =>
      client.call('POST /api/donations/{id}/ratings', { params: { id }, body: body as { value: 'up' } });

    expect(await rateAs(donor.client, { value: 'down' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', field: 'reason', message: "Indiquez ce qui s'est mal passé (motif) pour une évaluation négative." },
    });
    expect(await rateAs(donor.client, { value: 'meh' })).toMatchObject({ status: 400, body: { field: 'value' } });
    expect(await rateAs(donor.client, { value: 'down', reason: 'ugly' })).toMatchObject({ status: 400, body: { message: "Motif d'évaluation inconnu." } });
    expect(await rateAs(donor.client, { value: 'up', comment: 'x'.repeat(301) })).toMatchObject({ status: 400, body: { field: 'comment' } });
    expect(await rateAs(donor.client, { value: 'up', comment: 'Merci <script>alert(1)</script>' })).toMatchObject({
      status: 400,
      body: { field: 'comment', message: 'Le commentaire ne peut pas contenir de balises HTML.' },
    });
    expect(await rateAs((await signedUpMember()).client, { value: 'up' })).toMatchObject({ status: 403, body: { code: 'RATING_NOT_PARTY' } });
    expect(await rateAs(new ApiClient(), { value: 'up' })).toMatchObject({ status: 401 });

    const waiting = await publish(donor.client, 'Lampe de chevet');
    expect(await rateAs(donor.client, { value: 'up' }, waiting.id)).toMatchObject({ status: 409, body: { code: 'DONATION_NOT_GIVEN' } });
    expect(await ratingsOf(donation.id)).toBe(0);
    expect(await ratingsOf(waiting.id)).toBe(0);
  });
});

describe('GET /api/users/{id}: the public record', () => {
  it('should show when a member joined, their gifts each way, no ratings under three, and their level', async () => {
    const { donor, receiver } = await giftHandedOverWithCode();
    const profile = await new ApiClient().call('GET /api/users/{id}', { params: { id: receiver.user.id } });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ given: 0, received: 1, ratings: null, noShows90d: 0, level: 'new', memberSince: profile.body.createdAt });
    expect((await new ApiClient().call('GET /api/users/{id}', { params: { id: donor.user.id } })).body).toMatchObject({ given: 1, received: 0 });
  });
});
