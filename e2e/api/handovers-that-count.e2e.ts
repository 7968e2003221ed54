import { ApiClient, signedUpMember } from '../support/api-client.js';
import { completeGift, expectBalance, expectInvariantsHold, notificationAbout } from '../support/members.js';

// Issue 45, holes 1 and 2 (decision 0056): a reception the receiver confirms alone can be disputed
// by the donor for 48 hours (the item comes back, no rating, the reception reward and the 2 points
// go back), and only handovers with the code, each member once, make a record and a level.

const profileOf = async (id: string) => (await new ApiClient().call('GET /api/users/{id}', { params: { id } })).body;

describe('POST /api/donations/{id}/dispute', () => {
  it('should give the item back, undo the reception’s points and tell the receiver', async () => {
    const [donor, receiver] = [await signedUpMember(), await signedUpMember()];
    const gift = await completeGift(donor.client, receiver.client, 'Vélo d’enfant');
    await expectBalance(donor.client, { points: 20 }, 'welcome + publishing + reception');
    await expectBalance(receiver.client, { points: 8, blockedPoints: 0 }, 'the reservation captured');
    const rated = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'down', reason: 'no_show', comment: 'Jamais venu' } });
    expect(rated.status).toBe(201);
    const seen = (await donor.client.call('GET /api/donations/{id}', { params: { id: gift.id } })).body;
    expect(Date.parse(seen.disputableUntil!) - Date.now()).toBeGreaterThan(47.9 * 3_600_000);
    expect((await receiver.client.call('GET /api/donations/{id}', { params: { id: gift.id } })).body.disputableUntil).toBeNull();

    expect(await receiver.client.call('POST /api/donations/{id}/dispute', { params: { id: gift.id } })).toMatchObject({
      status: 403,
      body: { code: 'RESERVATION_NOT_YOURS', message: 'Seul le donateur peut dire que cet objet n’a pas été remis.' },
    });
    expect(await new ApiClient().call('POST /api/donations/{id}/dispute', { params: { id: gift.id } })).toMatchObject({ status: 401 });
    const disputed = await donor.client.call('POST /api/donations/{id}/dispute', { params: { id: gift.id } });
    expect(disputed).toMatchObject({ status: 200, body: { id: gift.id, status: 'available', reservedById: null } });
    expect(await donor.client.call('POST /api/donations/{id}/dispute', { params: { id: gift.id } })).toMatchObject({ status: 409, body: { code: 'RECEPTION_NOT_DISPUTABLE' } });

    // The reception reward goes back, the publishing one stays; the receiver has their 2 points.
    await expectBalance(donor.client, { points: 15 }, 'the reception reward taken back');
    await expectBalance(receiver.client, { points: 10, blockedPoints: 0 }, 'the 2 points back');
    const history = (await donor.client.call('GET /api/points-history')).body;
    expect(history.map((e) => e.description)).toContain('Remise contestée : Vélo d’enfant');
    const note = await notificationAbout(receiver.client, 'reception_disputed', gift.id);
    expect(note.params).toMatchObject({ title: 'Vélo d’enfant', ownerName: expect.any(String) });
    // No rating is left, and the gift counts nowhere.
    expect(await profileOf(donor.user.id)).toMatchObject({ given: 0, declared: 0, ratings: null, recentComments: [] });
    await expectInvariantsHold();

    // Given again, with the code this time: the reception pays once more, the publishing never twice.
    const next = await signedUpMember();
    await expectBalance(next.client, { points: 10 }, 'welcome');
    expect((await next.client.call('POST /api/donations/{id}/reserve', { params: { id: gift.id } })).status).toBe(200);
    const code = ((await next.client.call('GET /api/donations/{id}/handover', { params: { id: gift.id } })).body as { code: string }).code;
    expect((await donor.client.call('POST /api/donations/{id}/handover', { params: { id: gift.id }, body: { code } })).status).toBe(200);
    await expectBalance(donor.client, { points: 20 }, 'the reception reward of the real handover');
    expect(await donor.client.call('POST /api/donations/{id}/dispute', { params: { id: gift.id } })).toMatchObject({
      status: 409,
      body: { message: 'Cette remise a été confirmée avec le code : elle ne peut pas être contestée.' },
    });
  });
});

describe('GET /api/users/{id}: what counts in a record', () => {
  it('should not let three fresh accounts that confirmed alone rate a donor down (hole 1)', async () => {
    const donor = await signedUpMember();
    for (let i = 0; i < 3; i++) {
      const fresh = await signedUpMember();
      const gift = await completeGift(donor.client, fresh.client, `Objet ${i}`);
      await fresh.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'down', reason: 'no_show', comment: 'Arnaque, objet jamais remis' } });
    }
    expect(await profileOf(donor.user.id)).toMatchObject({ given: 0, declared: 3, ratings: null, recentComments: [], level: 'new' });
  });

  it('should not make a member reliable from a second account’s handovers (hole 2)', async () => {
    const [subject, second] = [await signedUpMember(), await signedUpMember()];
    for (let i = 0; i < 3; i++) {
      const gift = await completeGift(subject.client, second.client, `Livre ${i}`, 'with the code');
      await second.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'up' } });
    }
    const profile = await profileOf(subject.user.id);
    expect(profile).toMatchObject({ given: 3, declared: 0, level: 'new', memberSince: profile.createdAt });
  });
});
