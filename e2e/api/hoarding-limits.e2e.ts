import type { DonationView } from '@hdiya/contracts';
import { ApiClient, asRefusal } from '../support/api-client.js';
import { balanceOf, expectBalance, expectInvariantsHold, notificationAbout, publish, welcomedMember, withDatabase } from '../support/members.js';

// Review finding "hoarding" (decision 0020), through the whole running product: a member holds
// at most 3 open reservations (also when reserving 5 items at once) and 5 waiting-list places,
// may not reserve an item again for 72 hours after cancelling it, loses 5 reliability points for
// a cancel in the last 24 hours, and the owner may pass an offer from the waiting list to the
// next or withdraw the item, the offered member being told.

afterEach(() => expectInvariantsHold());

const HOUR = 60 * 60 * 1000;

it('should hold at most 3 open reservations, even reserving 5 items at once, and free a place on confirmation', async () => {
  const donor = await welcomedMember();
  const hoarder = await welcomedMember();
  const items: DonationView[] = [];
  for (let i = 0; i < 6; i++) items.push(await publish(donor.client, `Objet convoité ${i}`));
  const answers = await Promise.all(items.slice(0, 5).map((item) => hoarder.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(2);
  for (const answer of refused) {
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      statusCode: 409,
      code: 'RESERVATIONS_LIMIT',
      message: 'Vous avez déjà 3 réservations en cours : confirmez la réception ou annulez une réservation pour en faire une nouvelle.',
    });
  }
  // Only the 3 reservations hold points.
  expect(await balanceOf(hoarder.client)).toMatchObject({ points: 4, blockedPoints: 6 });

  const reserved = items.filter((_, i) => answers[i]?.status === 200);
  expect((await hoarder.client.call('POST /api/donations/{id}/confirm', { params: { id: reserved[0]!.id } })).status).toBe(200);
  expect((await hoarder.client.call('POST /api/donations/{id}/reserve', { params: { id: items[5]!.id } })).status).toBe(200);
  expect(asRefusal(await hoarder.client.call('POST /api/donations/{id}/reserve', { params: { id: items.find((i) => !reserved.includes(i) && i !== items[5])!.id } })).body.code).toBe(
    'RESERVATIONS_LIMIT',
  );
});

it('should refuse to reserve an item again for 72 hours after cancelling it, saying until when', async () => {
  const donor = await welcomedMember();
  const reserver = await welcomedMember();
  const item = await publish(donor.client, 'Tapis berbère');
  expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
  const cancelled = await reserver.client.call('POST /api/donations/{id}/cancel', { params: { id: item.id } });
  expect(cancelled.status).toBe(200);
  const again = asRefusal(await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } }));
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ statusCode: 409, code: 'RESERVE_AGAIN_COOLDOWN' });
  expect(again.body.message).toContain('vous pourrez le réserver de nouveau à partir du');
  const hoursLeft = (Date.parse(again.body.retryAt!) - Date.now()) / HOUR;
  expect(hoursLeft).toBeGreaterThan(71.9);
  expect(hoursLeft).toBeLessThanOrEqual(72);
  // The item is free for everyone else.
  expect((await (await welcomedMember()).client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
});

it('should lower the reserver’s reliability by 5, and refund the 2 points, for a cancel in the last 24 hours', async () => {
  const donor = await welcomedMember();
  const reserver = await welcomedMember();
  const [late, early] = [await publish(donor.client, 'Radio ancienne'), await publish(donor.client, 'Table basse')];
  expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: late.id } })).status).toBe(200);
  expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: early.id } })).status).toBe(200);
  // Nine and a half days pass for the first reservation: 12 hours are left to collect it.
  await withDatabase(async (db) => {
    await db.query(`UPDATE donations.donations SET auto_expire_at = now() + interval '12 hours' WHERE id = $1`, [late.id]);
    await db.query(`UPDATE donations.reservations SET expires_at = now() + interval '12 hours' WHERE donation_id = $1 AND state = 'active'`, [late.id]);
  });
  expect((await reserver.client.call('POST /api/donations/{id}/cancel', { params: { id: early.id } })).status).toBe(200);
  expect((await reserver.client.call('POST /api/donations/{id}/cancel', { params: { id: late.id } })).status).toBe(200);
  await expectBalance(reserver.client, { points: 10, blockedPoints: 0, reliabilityScore: 95 }, 'refunds, and −5 for the late cancel only');
  await notificationAbout(donor.client, 'reservation_cancelled', late.id);
  // The owner cancelling late costs the reserver nothing.
  const other = await publish(donor.client, 'Lampe de chevet');
  expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: other.id } })).status).toBe(200);
  await withDatabase((db) => db.query(`UPDATE donations.donations SET auto_expire_at = now() + interval '1 hour' WHERE id = $1`, [other.id]));
  expect((await donor.client.call('POST /api/donations/{id}/cancel', { params: { id: other.id } })).status).toBe(200);
  await expectBalance(reserver.client, { points: 10, blockedPoints: 0 }, 'refund');
  expect((await balanceOf(reserver.client)).reliabilityScore).toBe(95);
});

it('should give each member at most 5 waiting-list places', async () => {
  const donor = await welcomedMember();
  const holders = [await welcomedMember(), await welcomedMember()];
  const items: DonationView[] = [];
  for (let i = 0; i < 6; i++) {
    const item = await publish(donor.client, `Objet attendu ${i}`);
    expect((await holders[i % 2]!.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    items.push(item);
  }
  const queuer = await welcomedMember();
  for (const item of items.slice(0, 5)) expect((await queuer.client.call('POST /api/donations/{id}/waitlist', { params: { id: item.id } })).status).toBe(200);
  const sixth = asRefusal(await queuer.client.call('POST /api/donations/{id}/waitlist', { params: { id: items[5]!.id } }));
  expect(sixth.status).toBe(409);
  expect(sixth.body.code).toBe('WAITLIST_PLACES_LIMIT');
  expect(sixth.body.message).toContain('quittez une file d’attente pour en rejoindre une autre');
  expect((await queuer.client.call('DELETE /api/donations/{id}/waitlist', { params: { id: items[0]!.id } })).status).toBe(200);
  expect((await queuer.client.call('POST /api/donations/{id}/waitlist', { params: { id: items[5]!.id } })).status).toBe(200);
});

describe('an item offered from the waiting list', () => {
  async function offered() {
    const [donor, holder, first, second] = [await welcomedMember(), await welcomedMember(), await welcomedMember(), await welcomedMember()];
    const item = await publish(donor.client, 'Vélo d’enfant');
    expect((await holder.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    expect((await first.client.call('POST /api/donations/{id}/waitlist', { params: { id: item.id } })).status).toBe(200);
    expect((await second.client.call('POST /api/donations/{id}/waitlist', { params: { id: item.id } })).status).toBe(200);
    expect((await holder.client.call('POST /api/donations/{id}/cancel', { params: { id: item.id } })).status).toBe(200);
    await notificationAbout(first.client, 'waitlist_offer', item.id);
    return { donor, holder, first, second, item };
  }

  it('should let only the owner pass the offer to the next, telling the member passed over', async () => {
    const { donor, holder, first, second, item } = await offered();
    for (const client of [first.client, holder.client, second.client]) {
      expect((await client.call('POST /api/donations/{id}/waitlist/skip-offer', { params: { id: item.id } })).status).toBe(403);
    }
    expect((await new ApiClient().call('POST /api/donations/{id}/waitlist/skip-offer', { params: { id: item.id } })).status).toBe(401);
    const skipped = await donor.client.call('POST /api/donations/{id}/waitlist/skip-offer', { params: { id: item.id } });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ offerOut: true, waiting: 0 });

    const told = await notificationAbout(first.client, 'waitlist_offer_skipped', item.id);
    expect(told.params).toMatchObject({ title: 'Vélo d’enfant' });
    await notificationAbout(second.client, 'waitlist_offer', item.id);
    expect((await first.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(409);
    expect((await second.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    await expectBalance(second.client, { points: 8, blockedPoints: 2 }, 'accepted');
  });

  it('should let the owner withdraw it, ending the offer and telling whoever waited', async () => {
    const { donor, first, second, item } = await offered();
    expect((await donor.client.call('DELETE /api/donations/{id}', { params: { id: item.id } })).status).toBe(200);
    expect((await new ApiClient().call('GET /api/donations/{id}', { params: { id: item.id } })).status).toBe(404);
    for (const waiter of [first, second]) {
      const closed = await notificationAbout(waiter.client, 'waitlist_closed', item.id);
      expect(closed.params).toMatchObject({ reason: 'deleted' });
    }
    expect((await first.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(404);
  });
});
