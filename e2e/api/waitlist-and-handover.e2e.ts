import type { SavedSearchView, WaitlistView } from '@hdiya/contracts';
import { ApiClient } from '../support/api-client.js';
import { completeGift, expectBalance, expectInvariantsHold, notificationAbout, publish, welcomedMember } from '../support/members.js';

// The waiting list, the handover code and saved-search alerts through the API, on the whole
// running product: the offer is a notification, accepting it is the ordinary reservation with its
// 2-point hold, the donor confirms with the code, and a saved search alerts on a new donation.

afterEach(() => expectInvariantsHold());

it('should offer a cancelled item to the next in line, who accepts it with the usual hold, and let the donor confirm with the code', async () => {
  const [donor, first, second] = [await welcomedMember(), await welcomedMember(), await welcomedMember()];
  const item = await publish(donor.client, 'Vélo pour la file');
  expect((await first.client.post(`/api/donations/${item.id}/reserve`)).status).toBe(200);

  const joined = await second.client.post<WaitlistView>(`/api/donations/${item.id}/waitlist`);
  expect(joined.status).toBe(200);
  expect(joined.body.me).toEqual({ state: 'waiting', position: 1 });
  expect((await donor.client.get<WaitlistView>(`/api/donations/${item.id}/waitlist`)).body).toMatchObject({ waiting: 1, me: null });
  // Waiting holds no points.
  await expectBalance(second.client, { points: 10, blockedPoints: 0 }, 'no hold while waiting');

  expect((await first.client.post(`/api/donations/${item.id}/cancel`)).status).toBe(200);
  const offer = await notificationAbout(second.client, 'waitlist_offer', item.id);
  expect(offer.params).toMatchObject({ title: 'Vélo pour la file' });
  expect((await second.client.get<WaitlistView>(`/api/donations/${item.id}/waitlist`)).body.me).toMatchObject({ state: 'offered' });
  // Someone else cannot take it meanwhile.
  const outsider = await welcomedMember();
  expect((await outsider.client.post(`/api/donations/${item.id}/reserve`)).status).toBe(409);

  const accepted = await second.client.post<{ status: string; reservedById: string }>(`/api/donations/${item.id}/reserve`);
  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({ status: 'reserved', reservedById: second.user.id });
  await expectBalance(second.client, { points: 8, blockedPoints: 2 }, 'accepted: 2 points held');

  const code = (await second.client.get<{ role: string; code: string }>(`/api/donations/${item.id}/handover`)).body;
  expect(code).toMatchObject({ role: 'reserver', code: expect.stringMatching(/^\d{4}$/) });
  expect((await donor.client.get(`/api/donations/${item.id}/handover`)).body).toMatchObject({ role: 'owner', attemptsLeft: 5 });
  expect((await outsider.client.get(`/api/donations/${item.id}/handover`)).status).toBe(403);

  const wrongCode = code.code === '0000' ? '0001' : '0000';
  const wrong = await donor.client.post<{ message: string }>(`/api/donations/${item.id}/handover`, { code: wrongCode });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe('Code incorrect. Il vous reste 4 essais.');
  expect((await donor.client.post(`/api/donations/${item.id}/handover`, { code: '12a4' })).status).toBe(400);

  const given = await donor.client.post<{ status: string }>(`/api/donations/${item.id}/handover`, { code: code.code });
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
  await first.client.post(`/api/donations/${item.id}/reserve`);
  await broke.client.post(`/api/donations/${item.id}/waitlist`);
  // Spend everything: transfer all 8 points away.
  expect((await broke.client.post('/api/transfer-points', { receiverIdentifier: donor.user.phone, points: 8 })).status).toBe(201);
  await first.client.post(`/api/donations/${item.id}/cancel`);
  await notificationAbout(broke.client, 'waitlist_offer', item.id);

  const refused = await broke.client.post<{ message: string }>(`/api/donations/${item.id}/reserve`);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe("Vous avez besoin d'au moins 2 points pour réserver un don");
  expect((await broke.client.get<WaitlistView>(`/api/donations/${item.id}/waitlist`)).body.me).toMatchObject({ state: 'offered' });
  // Declining frees the item at once when nobody else waits.
  await broke.client.request('DELETE', `/api/donations/${item.id}/waitlist`);
  expect((await new ApiClient().get<{ status: string }>(`/api/donations/${item.id}`)).body.status).toBe('available');
});

it('should alert a member in real time when a matching donation is published', async () => {
  const [watcher, donor] = [await welcomedMember(), await welcomedMember()];
  const saved = await watcher.client.post<SavedSearchView>('/api/saved-searches', { query: 'perceuse', city: 'Kénitra', distance: 10 });
  expect(saved.status).toBe(201);
  expect((await watcher.client.post('/api/saved-searches', { query: 'x', city: 'Kénitra', distance: 10 })).status).toBe(400);
  expect((await new ApiClient().get('/api/saved-searches')).status).toBe(401);
  const item = await publish(donor.client, 'Perceuse Bosch');
  const alert = await notificationAbout(watcher.client, 'saved_search_match', item.id);
  expect(alert.params).toMatchObject({ savedSearchId: saved.body.id, title: 'Perceuse Bosch' });
  expect((await donor.client.request('DELETE', `/api/saved-searches/${saved.body.id}`)).status).toBe(404);
  expect((await watcher.client.request('DELETE', `/api/saved-searches/${saved.body.id}`)).status).toBe(200);
});
