import { waitFor } from '@hdiya/testing';
import type { BodyOf } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { balanceOf, completeGift, expectBalance, expectInvariantsHold, publish, withDatabase } from '../support/members.js';

// Every test leaves the ledger and the reservations consistent, whichever tests ran before it.
afterEach(() => expectInvariantsHold());

async function member(firstName = 'Rim', lastName = 'Chraibi') {
  const m = await signedUpMember({ firstName, lastName });
  await expectBalance(m.client, { points: 10 }, 'welcome');
  return m;
}

/**
 * A member who received one item (8 points left): welcome points may be transferred only after a
 * first gift given or received (docs/decisions/0019-points-economy-against-pairs.md).
 */
async function giftedMember(firstName?: string, lastName?: string) {
  const m = await member(firstName, lastName);
  await completeGift((await member()).client, m.client);
  await expectBalance(m.client, { points: 8, blockedPoints: 0 }, 'after receiving one item');
  return m;
}

describe('reserving, confirming, cancelling', () => {
  it('should run the full cycle: 10 → 8 (2 blocked) → 8 (0 blocked), and the donor +5 for giving it plus +5 for publishing it', async () => {
    const donor = await member('Hassan', 'Bennani');
    const reserver = await member('Layla', 'Fassi');
    const donation = await publish(donor.client, 'Chaise pliante');

    const reserved = await reserver.client.call('PATCH /api/donations/{id}/status', { params: { id: donation.id }, body: {
      status: 'reserved',
      reservedById: donor.user.id, // the client's claim is ignored: the session member reserves
    } as BodyOf<'PATCH /api/donations/{id}/status'> });
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({ status: 'reserved', reservedById: reserver.user.id });
    expect(Date.parse(reserved.body.autoExpireAt!) - Date.now()).toBeGreaterThan(9.9 * 24 * 3600 * 1000);
    // The answer is the final outcome: the hold is already taken.
    expect(await balanceOf(reserver.client)).toMatchObject({ points: 8, blockedPoints: 2 });

    const mine = await reserver.client.call('GET /api/user/reservations');
    expect(mine.body[0]).toMatchObject({ id: donation.id, reservation: { state: 'active' } });
    expect(mine.body[0]!.reservation.timeLeftMs).toBeGreaterThan(9 * 24 * 3600 * 1000);

    expect((await donor.client.call('POST /api/donations/{id}/confirm', { params: { id: donation.id } })).status).toBe(403);
    const confirmed = await reserver.client.call('POST /api/donations/{id}/confirm', { params: { id: donation.id } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('completed');
    expect((await reserver.client.call('POST /api/donations/{id}/confirm', { params: { id: donation.id } })).status).toBe(409);

    await expectBalance(reserver.client, { points: 8, blockedPoints: 0 }, 'hold captured');
    await expectBalance(donor.client, { points: 20 }, 'donor +5 +5');

    const history = (await reserver.client.call('GET /api/points-history')).body;
    expect(history[0]).toMatchObject({ type: 'spent', amount: -2, donation: { title: 'Chaise pliante' }, relatedUser: { firstName: 'Hassan', lastName: 'B.' } });
    expect(history.at(-1)).toMatchObject({ type: 'earned', amount: 10 });
    const donorHistory = (await donor.client.call('GET /api/points-history')).body;
    expect(donorHistory[0]).toMatchObject({ type: 'earned', amount: 5, relatedUser: { firstName: 'Layla' }, donation: { title: 'Chaise pliante' } });
  });

  it('should give the 2 points back when the owner or the reserver cancels', async () => {
    const donor = await member();
    const reserver = await member();
    const donation = await publish(donor.client);
    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);
    expect((await (await member()).client.call('POST /api/donations/{id}/cancel', { params: { id: donation.id } })).status).toBe(403);
    const cancelled = await donor.client.call('POST /api/donations/{id}/cancel', { params: { id: donation.id } });
    expect(cancelled.body).toMatchObject({ status: 'available', reservedById: null });
    await expectBalance(reserver.client, { points: 10, blockedPoints: 0 }, 'refund');
    const history = (await reserver.client.call('GET /api/points-history')).body;
    expect(history[0]).toMatchObject({ type: 'other', amount: 2 });

    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);
    expect((await reserver.client.call('POST /api/donations/{id}/cancel', { params: { id: donation.id } })).status).toBe(200);
    await expectBalance(reserver.client, { points: 10, blockedPoints: 0 }, 'second refund');
  });

  it('should refuse with the product messages and change nothing', async () => {
    const donor = await member();
    const donation = await publish(donor.client);
    const visitor = await new ApiClient().call('POST /api/donations/{id}/reserve', { params: { id: donation.id } });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ message: 'Veuillez vous connecter pour réserver cet objet' });
    expect((await donor.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(403);

    const poor = await giftedMember();
    const transfer = await poor.client.call('POST /api/transfer-points', { body: { receiverIdentifier: donor.payload.phone, points: 7 } });
    expect(transfer.status).toBe(201);
    await expectBalance(poor.client, { points: 1 });
    const refused = await poor.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'POINTS_INSUFFICIENT', message: "Vous avez besoin d'au moins 2 points pour réserver un don" });
    expect((await new ApiClient().call('GET /api/donations/{id}', { params: { id: donation.id } })).body.status).toBe('available');
    expect(await balanceOf(poor.client)).toMatchObject({ points: 1, blockedPoints: 0 });

    const first = await member();
    expect((await first.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);
    const second = await (await member()).client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'DONATION_ALREADY_RESERVED', message: "Cet objet est déjà réservé par quelqu'un d'autre" });
    expect((await donor.client.call('DELETE /api/donations/{id}', { params: { id: donation.id } })).status).toBe(409);
  });

  it('should let exactly one of 8 simultaneous reservers win, and move only the winner’s points', async () => {
    const donor = await member();
    const donation = await publish(donor.client);
    // Signed up one after the other: only the reserves race (8 argon2id sign-ups at once could
    // outlast the RPC timeout on a loaded 2-core machine, and that is not what this test is about).
    const contenders = [];
    for (let i = 0; i < 8; i += 1) contenders.push(await member());
    const answers = await Promise.all(contenders.map((c) => c.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const winner = contenders[statuses.indexOf(200)]!;
    expect(await balanceOf(winner.client)).toMatchObject({ points: 8, blockedPoints: 2 });
    for (const loser of contenders.filter((c) => c !== winner)) expect(await balanceOf(loser.client)).toMatchObject({ points: 10, blockedPoints: 0 });
  });

  it('should expire a reservation after its 10 days: item available, hold forfeited, reliability −10', async () => {
    const donor = await member();
    const reserver = await member();
    const donation = await publish(donor.client);
    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);
    // Ten days pass for this reservation (the expiry job reads the deadline; the job runs often in tests).
    await withDatabase((db) =>
      db.query(`UPDATE donations.donations SET auto_expire_at = now() - interval '1 second' WHERE id = $1`, [donation.id]),
    );
    await waitFor(async () => (await new ApiClient().call('GET /api/donations/{id}', { params: { id: donation.id } })).body.status === 'available', {
      what: 'expiry',
      timeoutMs: 15_000,
    });
    await expectBalance(reserver.client, { points: 8, blockedPoints: 0, reliabilityScore: 90 }, 'forfeit');
    const me = (await reserver.client.call('GET /api/auth/user')).body;
    expect(me.reliabilityScore).toBe(90);
  });
});

describe('transferring points', () => {
  it('should move points to a member found by phone, with entries on both sides', async () => {
    const sender = await giftedMember('Ilyas', 'Mansouri');
    const receiver = await member('Zineb', 'Amrani');
    const phone = `+212 ${receiver.payload.phone.slice(1)}`;
    const res = await sender.client.call('POST /api/transfer-points', { body: {
      receiverIdentifier: phone,
      points: 3,
      message: 'Merci !',
    } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ senderNewBalance: 5, points: 3, receiver: { displayName: 'Zineb A.' } });
    await expectBalance(receiver.client, { points: 13 });
    const received = (await receiver.client.call('GET /api/points-history')).body[0];
    expect(received).toMatchObject({ type: 'received', amount: 3, relatedUser: { firstName: 'Ilyas', lastName: 'M.' } });
    const sent = (await sender.client.call('GET /api/points-history')).body[0];
    expect(sent).toMatchObject({ type: 'transferred', amount: -3, relatedUser: { firstName: 'Zineb' } });
  });

  it('should refuse bad transfers with the product messages', async () => {
    const sender = await giftedMember();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ points: 2 }, 400, 'Veuillez remplir tous les champs requis'],
      [{ receiverIdentifier: '0611111111', points: 0 }, 400, 'Le nombre de points doit être positif'],
      [{ receiverIdentifier: '0611111111', points: -4 }, 400, 'Le nombre de points doit être positif'],
      [{ receiverIdentifier: '0611111111', points: 1.5 }, 400, 'Le nombre de points doit être positif'],
      [{ receiverIdentifier: '0699999999', points: 1 }, 404, 'Aucun membre ne correspond à ce numéro de téléphone.'],
      [{ receiverIdentifier: sender.payload.phone, points: 1 }, 400, 'Vous ne pouvez pas vous transférer des points.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await sender.client.call('POST /api/transfer-points', { body: body as BodyOf<'POST /api/transfer-points'> }); // malformed on purpose
      expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { message } });
    }
    const receiver = await member();
    const tooMuch = await sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: receiver.payload.phone, points: 11 } });
    expect(tooMuch.body).toMatchObject({ statusCode: 400, message: "Vous n'avez pas assez de points" });
    expect((await new ApiClient().call('POST /api/transfer-points', { body: { receiverIdentifier: receiver.payload.phone, points: 1 } })).status).toBe(401);
  });

  it('should transfer once for a request retried with the same idempotency key', async () => {
    const sender = await giftedMember();
    const receiver = await member();
    const body = { receiverIdentifier: receiver.payload.phone, points: 4 };
    const key = `retry-${Date.now()}`;
    const answers = await Promise.all([1, 2, 3].map(() => sender.client.call('POST /api/transfer-points', { body, headers: { 'idempotency-key': key } })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.transferId)).size).toBe(1);
    await expectBalance(receiver.client, { points: 14 });
    expect(await balanceOf(sender.client)).toMatchObject({ points: 4 });
  });

  it('should never overdraw under 20 parallel transfers', async () => {
    const sender = await giftedMember();
    const receiver = await member();
    // Each transfer carries its own idempotency key and is retried while the answer is 'try again'
    // (an RPC timed out on a busy machine), as a careful client does: the count of each answer is exact.
    const transferOnce = async (key: string) => {
      for (;;) {
        const answer = await sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: receiver.payload.phone, points: 1 }, headers: { 'idempotency-key': key } });
        if (answer.status !== 503 && answer.status !== 504) return answer;
      }
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => transferOnce(`parallel-${Date.now()}-${i}`)));
    const ok = answers.filter((a) => a.status === 201).length;
    expect(ok).toBe(8);
    expect(answers.map((a) => a.status).filter((status) => status !== 201)).toEqual(Array(12).fill(400));
    await expectBalance(receiver.client, { points: 18 });
    expect(await balanceOf(sender.client)).toMatchObject({ points: 0, blockedPoints: 0 });
  });
});
