import { waitFor } from '@hdiya/testing';
import type { DonationRequestsView, NotificationView } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { askingMember, completeGift, expectBalance, expectInvariantsHold, notificationAbout, publish, verifyAddress, welcomedMember, withDatabase } from '../support/members.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// The request window through the API with the real points service (docs/product.md#request-window):
// members ask holding nothing, the donor chooses, the chosen asker gets the ordinary reservation
// (2 points held), everyone who asked is told once; a day after the close without a choice Hdiya
// draws, skipping a drawn member without 2 points; bad input gets a French 4xx and writes nothing.

const HOUR = 60 * 60 * 1000;
let photo: string;
beforeAll(async () => {
  photo = dataUrl(await jpegWithGps(320, 240));
});

async function publishWindow(client: ApiClient, hours = 3, title = 'Poussette pliable') {
  const closesAt = new Date(Date.now() + hours * HOUR).toISOString();
  const res = await client.call('POST /api/donations', {
    body: { title, description: 'Très bon état.', categoryId: 8, city: 'Rabat', imageUrl: photo, allocation: { mode: 'choose', closesAt } },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const ask = (client: ApiClient, id: number, message = 'Bonjour, je peux passer ce soir.') =>
  client.call('POST /api/donations/{id}/requests', { params: { id }, body: { message } });

/** Every `request_decided` notification a member has about the donation (to show each asker is told once). */
async function decisionsFor(client: ApiClient, donationId: number): Promise<NotificationView[]> {
  return (await client.call('GET /api/notifications')).body.filter((n) => n.kind === 'request_decided' && n.params.donationId === donationId);
}

const sql = <T = Record<string, unknown>>(text: string, values: unknown[]) => withDatabase(async (db) => (await db.query(text, values)).rows as T[]);

describe('a request window chosen by the donor', () => {
  it('should let three members ask holding nothing, the donor choose one who gets the reservation, and tell each asker once', async () => {
    const donor = await signedUpMember();
    const [a, b, c] = [await askingMember(), await askingMember(), await askingMember()];
    const donation = await publishWindow(donor.client);
    expect(donation.allocation).toMatchObject({ mode: 'choose', decided: false });

    for (const asker of [a, b, c]) expect((await ask(asker.client, donation.id)).status).toBe(201);
    for (const asker of [a, b, c]) await expectBalance(asker.client, { points: 10, blockedPoints: 0 }, 'nothing held for an asker');

    const seen = (await donor.client.call('GET /api/donations/{id}/requests', { params: { id: donation.id } })).body as DonationRequestsView;
    expect(seen.requests.map((r) => r.member.id)).toEqual([a.user.id, b.user.id, c.user.id]);
    expect(seen.requests[0]).toMatchObject({ state: 'open', record: { level: 'new', given: 0, received: 0, declared: 0, memberSince: expect.any(String) } });
    const seenByA = (await a.client.call('GET /api/donations/{id}/requests', { params: { id: donation.id } })).body as DonationRequestsView;
    expect(seenByA).toMatchObject({ open: 3, requests: [], mine: { member: { id: a.user.id } } });

    // Nobody can just take it while the donor chooses.
    expect(await a.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).toMatchObject({ status: 409, body: { code: 'RESERVE_BY_REQUEST' } });

    const chosen = seen.requests[1]!;
    const choice = await donor.client.call('POST /api/donations/{id}/requests/{requestId}/choose', { params: { id: donation.id, requestId: chosen.id } });
    expect(choice.status).toBe(200);
    expect((choice.body as DonationRequestsView).requests.map((r) => r.state)).toEqual(['not_chosen', 'chosen', 'not_chosen']);

    const after = (await b.client.call('GET /api/donations/{id}', { params: { id: donation.id } })).body;
    expect(after).toMatchObject({ status: 'reserved', reservedById: b.user.id, allocation: { decided: true } });
    await expectBalance(b.client, { points: 8, blockedPoints: 2 }, 'the chosen asker holds 2 points');
    for (const other of [a, c]) await expectBalance(other.client, { points: 10, blockedPoints: 0 }, 'nothing held for those not chosen');

    expect((await notificationAbout(b.client, 'request_decided', donation.id)).params).toMatchObject({ outcome: 'chosen', by: 'owner' });
    for (const other of [a, c]) expect((await notificationAbout(other.client, 'request_decided', donation.id)).params).toMatchObject({ outcome: 'not_chosen' });
    await notificationAbout(donor.client, 'reservation_made', donation.id);
    for (const asker of [a, b, c]) expect(await decisionsFor(asker.client, donation.id)).toHaveLength(1);

    // A second choice, or another asker's, finds the window decided.
    const again = await donor.client.call('POST /api/donations/{id}/requests/{requestId}/choose', { params: { id: donation.id, requestId: seen.requests[0]!.id } });
    expect(again).toMatchObject({ status: 409, body: { code: 'REQUESTS_CLOSED', message: 'Le donateur a déjà choisi à qui donner cet objet.' } });

    // The gift completes as any other, and both may rate it.
    expect((await b.client.call('POST /api/donations/{id}/confirm', { params: { id: donation.id } })).status).toBe(200);
    expect((await b.client.call('POST /api/donations/{id}/ratings', { params: { id: donation.id }, body: { value: 'up' } })).status).toBe(201);
    expect((await donor.client.call('POST /api/donations/{id}/ratings', { params: { id: donation.id }, body: { value: 'up' } })).status).toBe(201);
    await expectInvariantsHold();
  });
});

describe('the draw a day after the close', () => {
  it('should draw among the askers, skip one without 2 points, reserve for the other and tell both once', async () => {
    const donor = await signedUpMember();
    const rich = await askingMember();
    // Left with 1 point: received a gift (2 points spent), then gave 7 away.
    const poor = await askingMember();
    const giver = await signedUpMember();
    await completeGift(giver.client, poor.client, 'Bouilloire');
    expect((await poor.client.call('POST /api/transfer-points', { body: { receiverIdentifier: giver.payload.phone, points: 7 } })).status).toBe(201);
    await expectBalance(poor.client, { points: 1, blockedPoints: 0 }, 'one point left');

    const donation = await publishWindow(donor.client, 2, 'Vélo enfant');
    expect((await ask(poor.client, donation.id)).status).toBe(201);
    expect((await ask(rich.client, donation.id)).status).toBe(201);
    // The window closed 25 hours ago: the donations service's job draws on its next run.
    await sql(`UPDATE donations.donations SET requests_close_at = now() - interval '25 hours' WHERE id = $1`, [donation.id]);

    const reserved = await waitFor(
      async () => {
        const d = (await donor.client.call('GET /api/donations/{id}', { params: { id: donation.id } })).body;
        return d.status === 'reserved' && d.allocation.mode === 'choose' && d.allocation.decided ? d : false;
      },
      { what: 'the drawn member’s reservation', timeoutMs: 20_000 },
    );
    expect(reserved.reservedById).toBe(rich.user.id);
    await expectBalance(rich.client, { points: 8, blockedPoints: 2 }, 'the drawn member holds 2 points');
    await expectBalance(poor.client, { points: 1, blockedPoints: 0 }, 'nothing held for the skipped member');

    // Who came first in the stored draw decides what the poor member was told.
    const ranks = await sql<{ member_id: string; draw_rank: number; state: string }>(
      `SELECT member_id, draw_rank, state FROM donations.donation_requests WHERE donation_id = $1 ORDER BY draw_rank`,
      [donation.id],
    );
    const poorFirst = ranks[0]!.member_id === poor.user.id;
    expect(ranks.find((r) => r.member_id === poor.user.id)!.state).toBe(poorFirst ? 'skipped' : 'not_chosen');
    expect((await notificationAbout(poor.client, 'request_decided', donation.id)).params).toMatchObject({ outcome: poorFirst ? 'skipped' : 'not_chosen', by: 'draw' });
    expect((await notificationAbout(rich.client, 'request_decided', donation.id)).params).toMatchObject({ outcome: 'chosen', by: 'draw' });
    for (const asker of [poor, rich]) expect(await decisionsFor(asker.client, donation.id)).toHaveLength(1);
    await expectInvariantsHold();
  });

  it('should skip the only asker when they lack 2 points, and open the item to first come', async () => {
    const donor = await signedUpMember();
    const poor = await askingMember();
    const giver = await signedUpMember();
    await completeGift(giver.client, poor.client, 'Casserole');
    expect((await poor.client.call('POST /api/transfer-points', { body: { receiverIdentifier: giver.payload.phone, points: 8 } })).status).toBe(201);
    await expectBalance(poor.client, { points: 0, blockedPoints: 0 }, 'no points left');

    const donation = await publishWindow(donor.client, 2, 'Chaise haute');
    expect((await ask(poor.client, donation.id)).status).toBe(201);
    await sql(`UPDATE donations.donations SET requests_close_at = now() - interval '25 hours' WHERE id = $1`, [donation.id]);

    expect((await notificationAbout(poor.client, 'request_decided', donation.id)).params).toMatchObject({ outcome: 'skipped', by: 'draw' });
    const opened = await waitFor(
      async () => {
        const d = (await donor.client.call('GET /api/donations/{id}', { params: { id: donation.id } })).body;
        return d.status === 'available' && d.allocation.mode === 'choose' && d.allocation.decided ? d : false;
      },
      { what: 'first come after the draw found nobody' },
    );
    expect(opened.reservedById).toBeNull();
    const anyone = await welcomedMember();
    expect((await anyone.client.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } })).status).toBe(200);
    await expectBalance(poor.client, { points: 0, blockedPoints: 0 }, 'still nothing held');
  });
});

describe('bad input', () => {
  it('should refuse a bad window, asks on a first-come item or with bad words, and wrong choices, in French, writing nothing', async () => {
    const donor = await signedUpMember();
    const asker = await signedUpMember();
    // Asking needs a verified address (its own test below): these refusals are about the window.
    for (const member of [donor, asker]) await verifyAddress(member);
    const body = (allocation: unknown) => ({ title: 'Table basse', description: 'Bois massif.', categoryId: 8, city: 'Rabat', imageUrl: photo, allocation });
    const publishWith = (allocation: unknown) => donor.client.call('POST /api/donations', { body: body(allocation) as never });

    expect(await publishWith({ mode: 'choose', closesAt: new Date(Date.now() + HOUR).toISOString() })).toMatchObject({
      status: 400,
      body: { code: 'REQUEST_WINDOW_INVALID', message: 'Indiquez quand les demandes se terminent : entre 2 heures et 48 heures après la publication.' },
    });
    expect(await publishWith({ mode: 'choose', closesAt: new Date(Date.now() + 49 * HOUR).toISOString() })).toMatchObject({ status: 400, body: { code: 'REQUEST_WINDOW_INVALID' } });
    expect(await publishWith({ mode: 'choose', closesAt: 'demain' })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(await publishWith({ mode: 'lottery' })).toMatchObject({ status: 400, body: { message: 'Choisissez « premier arrivé » ou « laisser chacun demander ».' } });
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM donations.donations WHERE owner_id = $1`, [donor.user.id]))[0]!.n).toBe(0);

    const firstCome = await publish(donor.client, 'Lampe');
    expect(await ask(asker.client, firstCome.id)).toMatchObject({ status: 409, body: { code: 'REQUESTS_CLOSED', message: 'Ce don va au premier qui le réserve : réservez-le directement.' } });

    const donation = await publishWindow(donor.client);
    expect(await ask(asker.client, donation.id, '')).toMatchObject({ status: 400, body: { field: 'message' } });
    expect(await ask(asker.client, donation.id, 'x'.repeat(201))).toMatchObject({ status: 400, body: { field: 'message' } });
    expect(await ask(asker.client, donation.id, '<img src=x onerror=alert(1)>')).toMatchObject({ status: 400, body: { field: 'message' } });
    expect(await ask(donor.client, donation.id)).toMatchObject({ status: 403, body: { code: 'DONATION_OWN', message: 'Vous ne pouvez pas demander votre propre don.' } });
    expect(await ask(new ApiClient(), donation.id)).toMatchObject({ status: 401 });
    expect(await asker.client.call('DELETE /api/donations/{id}/requests', { params: { id: donation.id } })).toMatchObject({ status: 404, body: { code: 'REQUEST_NOT_FOUND' } });

    const asked = (await ask(asker.client, donation.id)).body as DonationRequestsView;
    const other = await publishWindow(donor.client, 4, 'Étagère');
    const choose = (client: ApiClient, id: number, requestId: string) => client.call('POST /api/donations/{id}/requests/{requestId}/choose', { params: { id, requestId } });
    expect(await choose(donor.client, other.id, asked.mine!.id)).toMatchObject({ status: 404, body: { code: 'REQUEST_NOT_FOUND', message: 'Cette demande n’existe pas pour ce don.' } });
    expect(await choose(donor.client, donation.id, 'not-a-request')).toMatchObject({ status: 404, body: { code: 'REQUEST_NOT_FOUND' } });
    expect(await choose(asker.client, donation.id, asked.mine!.id)).toMatchObject({ status: 403, body: { message: 'Seul le donateur choisit parmi les demandes.' } });

    await sql(`UPDATE donations.donations SET requests_close_at = now() - interval '1 minute' WHERE id = $1`, [donation.id]);
    const late = await signedUpMember();
    await verifyAddress(late);
    expect(await ask(late.client, donation.id)).toMatchObject({ status: 409, body: { code: 'REQUESTS_CLOSED', message: 'Les demandes pour ce don sont closes.' } });
    const rows = await sql<{ member_id: string; state: string }>(`SELECT member_id, state FROM donations.donation_requests WHERE donation_id = ANY($1)`, [[donation.id, other.id, firstCome.id]]);
    expect(rows).toEqual([{ member_id: asker.user.id, state: 'open' }]);
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM donations.reservations WHERE donation_id = ANY($1)`, [[donation.id, other.id]]))[0]!.n).toBe(0);
  });
});

describe('asking needs a verified address (issue 45)', () => {
  it('should refuse an unverified member in French with nothing written, then take their request once they open the mailed link', async () => {
    const donor = await signedUpMember();
    const asker = await signedUpMember();
    const donation = await publishWindow(donor.client);
    expect(await ask(asker.client, donation.id)).toMatchObject({
      status: 403,
      body: {
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Confirmez d’abord votre adresse email pour demander un don : ouvrez le lien que nous vous avons envoyé, ou demandez-en un nouveau depuis votre profil.',
      },
    });
    expect(await sql(`SELECT id FROM donations.donation_requests WHERE donation_id = $1`, [donation.id])).toEqual([]);
    expect((await asker.client.call('GET /api/auth/user')).body.emailVerified).toBe(false);

    await verifyAddress(asker);
    expect(await ask(asker.client, donation.id)).toMatchObject({ status: 201, body: { open: 1, mine: { member: { id: asker.user.id }, state: 'open' } } });
  });
});

describe('open requests across windows (issue 45)', () => {
  it('should let a member hold five open requests, refuse a sixth in French until one is withdrawn, and count concurrent asks once', async () => {
    const donor = await signedUpMember();
    const asker = await signedUpMember();
    await verifyAddress(asker);
    const windows = [];
    for (let i = 0; i < 7; i += 1) windows.push(await publishWindow(donor.client, 3, `Jouet ${i}`));

    // Six asks at once: the count holds under concurrency (one member's asks queue).
    const answers = await Promise.all(windows.slice(0, 6).map((w) => ask(asker.client, w.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'REQUESTS_LIMIT', message: 'Vous avez déjà 5 demandes en cours : attendez les choix des donateurs ou retirez-en une.' });
    const open = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM donations.donation_requests WHERE member_id = $1 AND state = 'open'`, [asker.user.id]);
    expect(open[0]!.n).toBe(5);

    const asked = windows.slice(0, 6).filter((_, i) => answers[i]!.status === 201);
    expect((await asker.client.call('DELETE /api/donations/{id}/requests', { params: { id: asked[0]!.id } })).status).toBe(200);
    expect((await ask(asker.client, windows[6]!.id)).status).toBe(201);
  });
});
