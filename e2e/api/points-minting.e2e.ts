import { signedInAdmin } from '../support/admin.js';
import { balanceOf, completeGift, expectBalance, expectInvariantsHold, publish, welcomedMember } from '../support/members.js';

// Review finding (decision 0012): publishing paid +5 at once; a member could publish, transfer the
// points away and delete the donation. The reward is now paid only when the item is given.
// Security round two (decision 0019): two accounts minted points anyway, A publishing and B
// reserving (−2) and confirming alone, +10 for A each cycle; and fresh accounts' welcome points
// could be funnelled into one account. Gift rewards now stop after 3 gifts between the same two
// members in 30 days and at 30 points a day per donor; welcome points wait for a first gift.

afterEach(() => expectInvariantsHold());

describe('publishing rewards cannot be minted', () => {
  it('should pay nothing at publication, so there is nothing to pass on before deleting', async () => {
    const farmer = await welcomedMember();
    const accomplice = await welcomedMember();
    const donations = [];
    for (const title of ['Vase', 'Cadre', 'Bougeoir']) donations.push(await publish(farmer.client, title));
    expect((await balanceOf(farmer.client)).points).toBe(10);
    const transfer = await farmer.client.call('POST /api/transfer-points', { body: { receiverIdentifier: accomplice.payload.phone, points: 10 } });
    expect(transfer.body).toMatchObject({ statusCode: 400, code: 'WELCOME_POINTS_LOCKED', field: 'points' });
    for (const donation of donations) expect((await farmer.client.call('DELETE /api/donations/{id}', { params: { id: donation.id } })).status).toBe(200);

    await expectBalance(accomplice.client, { points: 10 }, 'the accomplice kept only their welcome points');
    await expectBalance(farmer.client, { points: 10, blockedPoints: 0 }, 'the farmer');
  });
});

describe('two accounts cannot mint points', () => {
  it('should stop paying a pair cycling gifts after 3 gifts, say why, and list the pair for moderators', async () => {
    const farmer = await welcomedMember();
    const accomplice = await welcomedMember();
    for (let round = 1; round <= 5; round++) await completeGift(farmer.client, accomplice.client, `Objet ${round}`);
    // Three gifts paid 10 each; the 4th and 5th paid nothing. The accomplice spent 2 per reservation.
    await expectBalance(farmer.client, { points: 40, blockedPoints: 0 }, 'the farmer after 5 gifts');
    await expectBalance(accomplice.client, { points: 0, blockedPoints: 0 }, 'the accomplice after 5 reservations');
    const history = (await farmer.client.call('GET /api/points-history')).body;
    const withheld = history.filter((e) => e.reason === 'reward_withheld');
    expect(withheld).toHaveLength(2);
    expect(withheld[0]).toMatchObject({ type: 'other', amount: 0, description: 'Récompense non versée (plus de 3 dons entre vous en 30 jours) : Objet 5' });

    const admin = await signedInAdmin();
    const pairs = (await admin.client.call('GET /api/admin/gift-pairs')).body;
    const pair = pairs.find((p) => p.members.some((m) => m.id === farmer.user.id));
    expect(pair).toMatchObject({ gifts: 5, withheldPoints: 20 });
    expect(pair!.members.map((m) => m.email).sort()).toEqual([farmer.payload.email, accomplice.payload.email].sort());
    expect((await farmer.client.call('GET /api/admin/gift-pairs')).status).toBe(403);
  });

  it('should not let fresh accounts pass their welcome points on to one account', async () => {
    const collector = await welcomedMember();
    const fresh = await welcomedMember();
    const refused = await fresh.client.call('POST /api/transfer-points', { body: { receiverIdentifier: collector.payload.phone, points: 10 } });
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'WELCOME_POINTS_LOCKED' });
    expect((await fresh.client.call('POST /api/transfer-points', { body: { receiverIdentifier: collector.payload.phone, points: 1 } })).status).toBe(400);
    expect(await balanceOf(collector.client)).toMatchObject({ points: 10 });
    expect(await balanceOf(fresh.client)).toMatchObject({ points: 10 });
  });

  it('should pay a donor at most 30 points of gift rewards a day', async () => {
    const donor = await welcomedMember();
    for (let i = 0; i < 4; i++) await completeGift(donor.client, (await welcomedMember()).client, `Don ${i}`);
    await expectBalance(donor.client, { points: 40 }, 'three gifts paid, the fourth over the daily cap');
    const history = (await donor.client.call('GET /api/points-history')).body;
    expect(history[0]).toMatchObject({ reason: 'reward_withheld', amount: 0, description: 'Récompense non versée (limite quotidienne des récompenses de dons atteinte) : Don 3' });
  });
});
