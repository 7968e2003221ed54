import { waitFor } from '@hdiya/testing';
import type { AskPage, AskView, DonationAskMatchesView } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { notificationAbout, withDatabase } from '../support/members.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// Asks, "Je cherche", through the API with the real services (docs/product.md#asks): a discreet
// ask never listed yet matched by a new donation whose owner sees only that someone nearby looks
// for it and offers it; a public ask answered with a donation; both askers told by notification;
// a third member, a visitor and bad input get nothing (a French 4xx, nothing stored).

let photo: string;
beforeAll(async () => {
  photo = dataUrl(await jpegWithGps(320, 240));
});

/** A word no other test of this database uses, so a match is this test's own. */
const uniqueWord = () => `zx${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;

async function publishIn(client: ApiClient, title: string, city = 'Meknès') {
  const res = await client.call('POST /api/donations', { body: { title, description: 'En bon état.', categoryId: 8, city, imageUrl: photo } });
  expect(res.status).toBe(201);
  return res.body;
}

const postAsk = (client: ApiClient, body: Record<string, unknown>) =>
  client.call('POST /api/asks', { body: { city: 'Meknès', distance: 10, visibility: 'discreet', ...body } as never });

const asksOf = (memberId: string) =>
  withDatabase(async (db) => (await db.query(`SELECT count(*)::int AS n FROM donations.asks WHERE member_id = $1`, [memberId])).rows[0].n as number);

describe('a discreet ask', () => {
  it('should never be listed, be matched by a new donation whose owner offers it unnamed, and tell the asker twice', async () => {
    const [asker, donor, third] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    const word = uniqueWord();
    const posted = await postAsk(asker.client, { title: `Je cherche une poussette ${word}` });
    expect(posted.status).toBe(201);
    const ask = posted.body as AskView;
    expect(ask).toMatchObject({ visibility: 'discreet', state: 'open', member: null, mine: true });

    const listed = (await third.client.call('GET /api/asks', { query: { lat: 33.8935, lng: -5.5473, distance: 50 } })).body as AskPage;
    expect(listed.asks.map((a) => a.id)).not.toContain(ask.id);
    expect((await third.client.call('GET /api/asks/{id}', { params: { id: ask.id } })).status).toBe(404);
    expect((await new ApiClient().call('GET /api/asks/{id}', { params: { id: ask.id } })).status).toBe(404);

    const donation = await publishIn(donor.client, `Poussette ${word}`);
    const matches = await waitFor(
      async () => {
        const view = (await donor.client.call('GET /api/donations/{id}/ask-matches', { params: { id: donation.id } })).body as DonationAskMatchesView;
        return view.matches.length > 0 ? view : false;
      },
      { what: 'the owner seeing someone nearby looks for it', timeoutMs: 15_000 },
    );
    expect(matches.matches).toEqual([{ id: expect.any(String), how: 'matched', offered: false }]);
    expect(JSON.stringify(matches)).not.toContain(asker.user.id);
    expect((await third.client.call('GET /api/donations/{id}/ask-matches', { params: { id: donation.id } })).status).toBe(403);

    const matched = await notificationAbout(asker.client, 'ask_match', donation.id);
    expect(matched.params).toMatchObject({ title: `Poussette ${word}`, askId: ask.id });

    const matchId = matches.matches[0]!.id;
    expect((await third.client.call('POST /api/donations/{id}/ask-matches/{matchId}/offer', { params: { id: donation.id, matchId } })).status).toBe(403);
    const offered = await donor.client.call('POST /api/donations/{id}/ask-matches/{matchId}/offer', { params: { id: donation.id, matchId } });
    expect(offered).toMatchObject({ status: 200, body: { matches: [{ offered: true }] } });
    const offer = await notificationAbout(asker.client, 'ask_offer', donation.id);
    expect(offer.params).toMatchObject({ askTitle: `Je cherche une poussette ${word}` });
    expect(((await asker.client.call('GET /api/asks/mine')).body as AskView[])[0]).toMatchObject({ id: ask.id, offers: 1 });
  });
});

describe('a public ask', () => {
  it('should be listed near its place with its asker, and answered by a donation the asker is told about', async () => {
    const [asker, donor] = [await signedUpMember(), await signedUpMember()];
    const word = uniqueWord();
    const ask = (await postAsk(asker.client, { title: `cartable ${word}`, visibility: 'public' })).body as AskView;
    const listed = (await new ApiClient().call('GET /api/asks', { query: { lat: 33.8935, lng: -5.5473, distance: 20 } })).body as AskPage;
    expect(listed.asks.find((a) => a.id === ask.id)).toMatchObject({ title: `cartable ${word}`, member: { id: asker.user.id }, mine: false, offers: 0 });

    const donation = await publishIn(donor.client, 'Sac à dos');
    const answered = await donor.client.call('POST /api/asks/{id}/answers', { params: { id: ask.id }, body: { donationId: donation.id } });
    expect(answered.status).toBe(201);
    expect(await notificationAbout(asker.client, 'ask_offer', donation.id)).toMatchObject({ params: { askId: ask.id, title: 'Sac à dos' } });
    expect(await donor.client.call('POST /api/asks/{id}/answers', { params: { id: ask.id }, body: { donationId: donation.id } })).toMatchObject({
      status: 409,
      body: { code: 'ASK_ALREADY_ANSWERED', message: 'Vous avez déjà proposé ce don pour cette demande.' },
    });

    expect((await asker.client.call('DELETE /api/asks/{id}', { params: { id: ask.id } })).body).toMatchObject({ state: 'closed' });
    const after = (await new ApiClient().call('GET /api/asks', { query: { lat: 33.8935, lng: -5.5473, distance: 20 } })).body as AskPage;
    expect(after.asks.map((a) => a.id)).not.toContain(ask.id);
  });
});

describe('bad input about asks', () => {
  it('should answer each with a French 4xx and store nothing', async () => {
    const member = await signedUpMember();
    const refusals = [
      [{ title: 'vélo', distance: 80 }, 'distance', 'Le rayon d’une demande est compris entre 1 et 50 km.'],
      [{ title: '777 !!!' }, 'title', 'Dites ce que vous cherchez en un mot au moins (par exemple « poussette ») : des chiffres ou des symboles seuls ne disent rien.'],
      [{ title: 'Je cherche un' }, 'title', 'Dites ce que vous cherchez en un mot au moins (par exemple « poussette ») : des chiffres ou des symboles seuls ne disent rien.'],
      [{ title: 'vélo', visibility: 'secret' }, 'visibility', 'Choisissez une demande publique ou discrète.'],
      [{ title: 'vélo', city: 'Atlantis' }, 'city', 'Cette ville ne fait pas partie de la liste des villes du Maroc.'],
    ] as const;
    for (const [body, field, message] of refusals) {
      const res = await postAsk(member.client, body);
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 400, body: { field, message } });
    }
    expect(await asksOf(member.user.id)).toBe(0);
    expect((await new ApiClient().call('POST /api/asks', { body: { title: 'vélo', city: 'Meknès', distance: 5, visibility: 'public' } })).status).toBe(401);
    expect((await member.client.call('GET /api/asks/{id}', { params: { id: 'not-a-uuid' } })).body).toMatchObject({ code: 'ASK_NOT_FOUND' });
    expect((await member.client.call('GET /api/asks', { query: { cursor: '%%%' } })).status).toBe(400);
  });
});
