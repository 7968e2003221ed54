import { ApiClient, asRefusal } from '../support/api-client.js';
import { completeGift, expectBalance, expectInvariantsHold, notificationAbout, publish, welcomedMember } from '../support/members.js';

// The waiting list, the handover code and saved-search alerts through the API, on the whole
// running product: the offer is a notification, accepting it is the ordinary reservation with its
// 2-point hold, the donor confirms with the code, and a saved search alerts on a new donation.

afterEach(() => expectInvariantsHold());

it('should offer a cancelled item to the next in line, who accepts it with the usual hold, and let the donor confirm with the code', async () => {
  const [donor, first, second] = [await welcomedMember(), await welcomedMember(), await welcomedMember()];
  const item = await publish(donor.client, 'Vélo pour la file');
  expect((await first.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);

  const joined = await second.client.call('POST /api/donations/{id}/waitlist', { params: { id: item.id } });
  expect(joined.status).toBe(200);
  expect(joined.body.me).toEqual({ state: 'waiting', position: 1 });
  expect((await donor.client.call('GET /api/donations/{id}/waitlist', { params: { id: item.id } })).body).toMatchObject({ waiting: 1, me: null });
  // Waiting holds no points.
  await expectBalance(second.client, { points: 10, blockedPoints: 0 }, 'no hold while waiting');

  expect((await first.client.call('POST /api/donations/{id}/cancel', { params: { id: item.id } })).status).toBe(200);
  const offer = await notificationAbout(second.client, 'waitlist_offer', item.id);
  expect(offer.params).toMatchObject({ title: 'Vélo pour la file' });
  expect((await second.client.call('GET /api/donations/{id}/waitlist', { params: { id: item.id } })).body.me).toMatchObject({ state: 'offered' });
  // Someone else cannot take it meanwhile.
  const outsider = await welcomedMember();
  expect((await outsider.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(409);

  const accepted = await second.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } });
  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({ status: 'reserved', reservedById: second.user.id });
  await expectBalance(second.client, { points: 8, blockedPoints: 2 }, 'accepted: 2 points held');

  const code = (await second.client.call('GET /api/donations/{id}/handover', { params: { id: item.id } })).body;
  expect(code).toMatchObject({ role: 'reserver', code: expect.stringMatching(/^\d{4}$/) });
  if (code.role !== 'reserver') throw new Error('the reserver sees the code');
  expect((await donor.client.call('GET /api/donations/{id}/handover', { params: { id: item.id } })).body).toMatchObject({ role: 'owner', attemptsLeft: 5 });
  expect((await outsider.client.call('GET /api/donations/{id}/handover', { params: { id: item.id } })).status).toBe(403);

  const wrongCode = code.code === '0000' ? '0001' : '0000';
  const wrong = asRefusal(await donor.client.call('POST /api/donations/{id}/handover', { params: { id: item.id }, body: { code: wrongCode } }));
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe('Code incorrect. Il vous reste 4 essais.');
  expect((await donor.client.call('POST /api/donations/{id}/handover', { params: { id: item.id }, body: { code: '12a4' } })).status).toBe(400);

  const given = await donor.client.call('POST /api/donations/{id}/handover', { params: { id: item.id }, body: { code: code.code } });
  expect(given.status).toBe(200);
  expect(given.body.status).toBe('completed');
  await expectBalance(second.client, { points: 8, blockedPoints: 0 }, 'hold captured');
  await expectBalance(donor.client, { points: 20 }, 'donor +5 for giving, +5 for publishing');
  await notificationAbout(donor.client, 'reception_confirmed', item.id);
});

it('should refuse the offer to a member without 2 points and keep it theirs until it passes on', async () => {
  const [donor, first, broke] = [await welcomedMember(), await welcomedMember(), await welcomedMember()];
  // Welcome points may be transferred only after a first gift (decision 0019): broke receives one (8 left).
  await completeGift((await welcomedMember()).client, broke.client);
  const item = await publish(donor.client, 'Lampe pour la file');
  await first.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } });
  await broke.client.call('POST /api/donations/{id}/waitlist', { params: { id: item.id } });
  // Spend everything: transfer all 8 points away.
  expect((await broke.client.call('POST /api/transfer-points', { body: { receiverIdentifier: donor.user.phone, points: 8 } })).status).toBe(201);
  await first.client.call('POST /api/donations/{id}/cancel', { params: { id: item.id } });
  await notificationAbout(broke.client, 'waitlist_offer', item.id);

  const refused = asRefusal(await broke.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } }));
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe("Vous avez besoin d'au moins 2 points pour réserver un don");
  expect((await broke.client.call('GET /api/donations/{id}/waitlist', { params: { id: item.id } })).body.me).toMatchObject({ state: 'offered' });
  // Declining frees the item at once when nobody else waits.
  await broke.client.call('DELETE /api/donations/{id}/waitlist', { params: { id: item.id } });
  expect((await new ApiClient().call('GET /api/donations/{id}', { params: { id: item.id } })).body.status).toBe('available');
});

it('should alert a member in real time when a matching donation is published', async () => {
  const [watcher, donor] = [await welcomedMember(), await welcomedMember()];
  const saved = await watcher.client.call('POST /api/saved-searches', { body: { query: 'perceuse', city: 'Kénitra', distance: 10 } });
  expect(saved.status).toBe(201);
  expect((await watcher.client.call('POST /api/saved-searches', { body: { query: 'x', city: 'Kénitra', distance: 10 } })).status).toBe(400);
  expect((await new ApiClient().call('GET /api/saved-searches')).status).toBe(401);
  const item = await publish(donor.client, 'Perceuse Bosch');
  const alert = await notificationAbout(watcher.client, 'saved_search_match', item.id);
  expect(alert.params).toMatchObject({ savedSearchId: saved.body.id, title: 'Perceuse Bosch' });
  expect((await donor.client.call('DELETE /api/saved-searches/{id}', { params: { id: saved.body.id } })).status).toBe(404);
  expect((await watcher.client.call('DELETE /api/saved-searches/{id}', { params: { id: saved.body.id } })).status).toBe(200);
});
