import { ApiClient } from '../support/api-client.js';
import { signedInAdmin } from '../support/admin.js';
import { publish, welcomedMember } from '../support/members.js';

// Review finding: `reservedById` was in every public answer, so with GET /api/users/{id} anyone
// could map who takes what. Only the owner, the reserver and moderators may see it.

/** The donation as `client` sees it on the detail page, in search results and in favourites. */
async function seenBy(client: ApiClient, id: number, title: string) {
  const detail = await client.call('GET /api/donations/{id}', { params: { id } });
  // publish() puts donations in Kénitra: search around it.
  const search = await client.call('GET /api/donations', { query: { status: 'all', lat: '34.26', lng: '-6.58', distance: '50', query: title } });
  return { detail: detail.body, found: search.body.find((d) => d.id === id) };
}

describe('who reserved an item', () => {
  it('should be shown to the owner, the reserver and moderators only; others see reserved: true', async () => {
    const donor = await welcomedMember();
    const reserver = await welcomedMember();
    const neighbour = await welcomedMember();
    const title = `Tabouret ${Date.now().toString(36)}`;
    const donation = await publish(donor.client, title);
    expect((await neighbour.client.call('POST /api/favorites', { body: { donationId: donation.id } })).status).toBe(201);
    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);

    const hidden = { reserved: true, reservedById: null, status: 'reserved' };
    for (const client of [neighbour.client, new ApiClient()]) {
      const { detail, found } = await seenBy(client, donation.id, title);
      expect(detail).toMatchObject(hidden);
      expect(found).toMatchObject(hidden);
    }
    const favorites = await neighbour.client.call('GET /api/user/favorites');
    expect(favorites.body.find((d) => d.id === donation.id)).toMatchObject(hidden);

    const admin = await signedInAdmin();
    for (const client of [donor.client, reserver.client, admin.client]) {
      const { detail, found } = await seenBy(client, donation.id, title);
      expect(detail).toMatchObject({ reserved: true, reservedById: reserver.user.id });
      expect(found).toMatchObject({ reserved: true, reservedById: reserver.user.id });
    }
  });
});

describe('my reservations', () => {
  // Review finding: a past reserver's list showed the item's current reservation, hence the id of
  // the member who reserved it next.
  it('should show a past reserver nothing of the member who reserved the item after them', async () => {
    const donor = await welcomedMember();
    const first = await welcomedMember();
    const next = await welcomedMember();
    const donation = await publish(donor.client, `Étagère ${Date.now().toString(36)}`);
    expect((await first.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);
    expect((await first.client.call('POST /api/donations/{id}/cancel', { params: { id: donation.id } })).status).toBe(200);
    expect((await next.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);

    const mine = await first.client.call('GET /api/user/reservations');
    const past = mine.body.find((d) => d.id === donation.id);
    expect(past).toMatchObject({ reserved: true, reservedById: null, reservedAt: null, autoExpireAt: null, reservation: { state: 'cancelled' } });
    expect(JSON.stringify(mine.body)).not.toContain(next.user.id);

    // The current reserver still sees their own reservation in full.
    const theirs = await next.client.call('GET /api/user/reservations');
    expect(theirs.body.find((d) => d.id === donation.id)).toMatchObject({ reservedById: next.user.id, reservation: { state: 'active' } });
  });
});
