import type { MemberLimitsView } from '@hdiya/contracts';
import { waitFor } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { completeGift, publish, welcomedMember } from '../support/members.js';

// Where a member stands (docs/product.md#where-you-stand): each limit's use and when it frees up,
// as the refusals at the limit say it.

const HOUR = 60 * 60 * 1000;
const limitsOf = async (client: ApiClient) => (await client.call('GET /api/user/limits')).body as MemberLimitsView;

it('should show a new member every limit free', async () => {
  const m = await signedUpMember();
  expect(await limitsOf(m.client)).toEqual({
    reservations: { used: 0, max: 3, freesAt: null },
    waitlistPlaces: { used: 0, max: 5, freesAt: null },
    giftPoints: { used: 0, max: 30, freesAt: null },
    transferPoints: { used: 0, max: 30, freesAt: null },
    cooldowns: [],
  });
  expect(await new ApiClient().call('GET /api/user/limits')).toMatchObject({ status: 401 });
});

it('should count reservations, a waiting-list place, a cooldown, points earned and sent, each with when it frees up', async () => {
  const member = await welcomedMember();
  const donor = await signedUpMember();
  const before = Date.now();

  // A gift the member gave: reward points earned in the last 24 hours.
  const receiver = await welcomedMember();
  await completeGift(member.client, receiver.client, 'Tajine en terre');
  // Two open reservations, the soonest ending in 10 days.
  const [a, b] = [await publish(donor.client, 'Coussin'), await publish(donor.client, 'Plaid')];
  for (const item of [a, b]) expect((await member.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
  // A place in a line: someone else holds this one.
  const held = await publish(donor.client, 'Pouf');
  expect((await (await welcomedMember()).client.call('POST /api/donations/{id}/reserve', { params: { id: held.id } })).status).toBe(200);
  expect((await member.client.call('POST /api/donations/{id}/waitlist', { params: { id: held.id } })).status).toBe(200);
  // Cancelled by the member: 72 hours before reserving it again.
  const dropped = await publish(donor.client, 'Miroir');
  expect((await member.client.call('POST /api/donations/{id}/reserve', { params: { id: dropped.id } })).status).toBe(200);
  expect((await member.client.call('POST /api/donations/{id}/cancel', { params: { id: dropped.id } })).status).toBe(200);
  // Points sent.
  expect((await member.client.call('POST /api/transfer-points', { body: { receiverIdentifier: receiver.payload.phone, points: 3 } })).status).toBe(201);

  const limits = await waitFor(async () => {
    const seen = await limitsOf(member.client);
    return seen.giftPoints.used > 0 ? seen : false;
  }, { what: 'the gift’s rewards counted' });
  expect(limits.reservations).toMatchObject({ used: 2, max: 3 });
  const soonest = Date.parse(limits.reservations.freesAt!);
  expect(soonest).toBeGreaterThan(before + 10 * 24 * HOUR - 60_000);
  expect(soonest).toBeLessThan(Date.now() + 10 * 24 * HOUR + 60_000);
  expect(limits.waitlistPlaces).toEqual({ used: 1, max: 5, freesAt: null });
  expect(limits.giftPoints).toMatchObject({ used: 10, max: 30 });
  expect(Date.parse(limits.giftPoints.freesAt!)).toBeGreaterThan(before + 24 * HOUR - 60_000);
  expect(limits.transferPoints).toMatchObject({ used: 3, max: 30 });
  expect(limits.cooldowns).toEqual([{ donationId: dropped.id, title: 'Miroir', until: expect.any(String) }]);
  const until = Date.parse(limits.cooldowns[0]!.until);
  expect(until).toBeGreaterThan(before + 72 * HOUR - 60_000);
  expect(until).toBeLessThan(Date.now() + 72 * HOUR + 60_000);

  // The refusal at the limit says the same date.
  const again = await member.client.call('POST /api/donations/{id}/reserve', { params: { id: dropped.id } });
  expect(again).toMatchObject({ status: 409, body: { code: 'RESERVE_AGAIN_COOLDOWN', retryAt: limits.cooldowns[0]!.until } });
});
