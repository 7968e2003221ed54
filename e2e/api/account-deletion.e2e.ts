import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { PushServiceStandIn, storedKeys, testObjectStore, waitFor } from '@hdiya/testing';
import { ApiClient, asRefusal, signedUpMember } from '../support/api-client.js';
import { jpegWithGps } from '../support/images.js';
import { canonicalPhone, columnsNaming } from '../support/erasure.js';
import { waitForMails } from '../support/mailbox.js';
import { completeGift, expectBalance, expectInvariantsHold, invariantViolations, publish, withDatabase } from '../support/members.js';

// A member deletes their own account (docs/product.md#deleting-ones-account, decision 0074): the
// password first, the gifts in progress named and cancelled only when confirmed; then, across every
// service, nothing that names them stays, what others keep shows "Membre supprimé", the points
// they held leave in one ledger entry, and their address, username and phone are free again.

type Member = Awaited<ReturnType<typeof signedUpMember>>;

let pushService: PushServiceStandIn;
beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
});
afterAll(() => pushService.close());

const deleteAccount = (client: ApiClient, body: Record<string, unknown>) => client.call('DELETE /api/auth/user', { body: body as { currentPassword: string } });

const login = (identifier: string, password: string) => new ApiClient().call('POST /api/login', { body: { username: identifier, password } });

function photoForm(fields: Record<string, string>, bytes: Buffer): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}


/** The sum of every balance (available and blocked) of these members. */
const pointsOf = (db: pg.Client, ids: string[]) =>
  db.query(`SELECT COALESCE(sum(points + blocked_points), 0)::int AS n FROM points.balances WHERE user_id = ANY($1)`, [ids]).then((r) => r.rows[0].n as number);

describe('DELETE /api/auth/user', () => {
  it('should refuse a missing or wrong password in French and change nothing', async () => {
    const member = await signedUpMember();
    expect(asRefusal(await deleteAccount(member.client, {}))).toMatchObject({
      status: 400,
      body: { field: 'currentPassword', message: 'Saisissez votre mot de passe pour supprimer votre compte.' },
    });
    expect(asRefusal(await deleteAccount(member.client, { currentPassword: 'pas-le-bon' }))).toMatchObject({
      status: 403,
      body: { code: 'CURRENT_PASSWORD_WRONG', message: 'Mot de passe actuel incorrect.' },
    });
    expect(asRefusal(await deleteAccount(member.client, { currentPassword: member.payload.password, cancelGiftsInProgress: 'oui' }))).toMatchObject({ status: 400, body: { field: 'cancelGiftsInProgress' } });
    expect((await deleteAccount(new ApiClient(), { currentPassword: member.payload.password })).status).toBe(401);
    expect((await member.client.call('GET /api/auth/user')).status).toBe(200);
    expect((await login(member.payload.username, member.payload.password)).status).toBe(200);
  });

  it('should name the gifts in progress, delete only once they are confirmed cancelled, and leave nothing that names the member', async () => {
    const [leaver, friend, other]: Member[] = [await signedUpMember({ firstName: 'Leïla' }), await signedUpMember({ firstName: 'Karim' }), await signedUpMember({ firstName: 'Nora' })];
    await Promise.all([leaver, friend, other].map((m) => expectBalance(m.client, { points: 10 }, 'welcome')));

    // A gift already given to Nora, whom she rates; one of Leïla's items Karim reserved; Karim's item Leïla reserved.
    const given = await completeGift(leaver.client, other.client, 'Tajine en terre');
    expect((await other.client.call('POST /api/donations/{id}/ratings', { params: { id: given.id }, body: { value: 'up', comment: 'Très gentille' } })).status).toBe(201);
    const theirs = await publish(leaver.client, 'Lampe de chevet');
    const reservedFromThem = await publish(leaver.client, 'Chaise pliante');
    expect((await friend.client.call('POST /api/donations/{id}/reserve', { params: { id: reservedFromThem.id } })).status).toBe(200);
    const reservedByThem = await publish(friend.client, 'Vélo enfant');
    expect((await leaver.client.call('POST /api/donations/{id}/reserve', { params: { id: reservedByThem.id } })).status).toBe(200);
    // A place in the waiting line of an item of Nora's Karim reserved; a favourite and a saved search.
    const lined = await publish(other.client, 'Poussette');
    expect((await friend.client.call('POST /api/donations/{id}/reserve', { params: { id: lined.id } })).status).toBe(200);
    expect((await leaver.client.call('POST /api/donations/{id}/waitlist', { params: { id: lined.id } })).status).toBe(200);
    expect((await leaver.client.call('POST /api/favorites', { body: { donationId: lined.id } })).status).toBe(201);
    // Messages both ways, one a photo; a push device.
    expect((await leaver.client.call('POST /api/messages', { body: { content: 'Je passe demain pour le vélo', receiverId: friend.user.id } })).status).toBe(201);
    expect((await friend.client.call('POST /api/messages', { body: { content: 'Parfait, à 18 h', receiverId: leaver.user.id } })).status).toBe(201);
    const photo = await leaver.client.call('POST /api/messages/photo', { body: photoForm({ receiverId: friend.user.id, clientId: randomUUID(), content: '' }, await jpegWithGps(640, 480)) });
    expect(photo.status).toBe(201);
    // Its objects in storage (every size): the deletion removes them, not the hourly photo sweep.
    const s3 = testObjectStore();
    if (!s3) throw new Error('HDIYA_E2E_S3 is not set: run through deploy/local/test.mjs');
    const photoKeys = await withDatabase(async (db) => {
      const [row] = (await db.query(`SELECT photo_key, photo_thumbnail_key FROM messaging.messages WHERE id = $1`, [photo.body.id])).rows as { photo_key: string; photo_thumbnail_key: string }[];
      return [row!.photo_key, row!.photo_thumbnail_key];
    });
    const photoObjects = (await storedKeys('chats/', s3)).filter((key) => photoKeys.some((k) => key.startsWith(k.replace(/\.webp$/, ''))));
    expect(photoObjects.length).toBeGreaterThanOrEqual(2);
    const device = pushService.device((await new ApiClient().call('GET /api/push/config')).body.publicKey!);
    expect((await leaver.client.call('POST /api/push/subscriptions', { body: device.subscription })).status).toBe(200);
    await expectBalance(friend.client, { blockedPoints: 4 }, 'Karim’s two holds');
    await expectBalance(leaver.client, { blockedPoints: 2 }, 'Leïla’s hold');
    const everyone = [leaver.user.id, friend.user.id, other.user.id];
    const leaverHeld = await withDatabase((db) => pointsOf(db, [leaver.user.id]));
    const before = await withDatabase((db) => pointsOf(db, everyone));

    // Without the confirmation, the gifts in progress are named and nothing happens.
    const refused = asRefusal(await deleteAccount(leaver.client, { currentPassword: leaver.payload.password }));
    expect(refused).toMatchObject({ status: 409, body: { code: 'GIFTS_IN_PROGRESS', message: '2 dons sont en cours avec vous. Confirmez que vous les annulez pour supprimer votre compte.' } });
    expect((refused.body as { gifts: unknown[] }).gifts).toEqual([
      { donationId: reservedFromThem.id, title: 'Chaise pliante', role: 'owner' },
      { donationId: reservedByThem.id, title: 'Vélo enfant', role: 'reserver' },
    ]);
    expect((await leaver.client.call('GET /api/auth/user')).status).toBe(200);

    // The scan below finds her everywhere she is, before.
    const needles = [leaver.user.id, leaver.payload.email, canonicalPhone(leaver.payload.phone as string)];
    expect(await withDatabase((db) => columnsNaming(db, needles))).toEqual(
      expect.arrayContaining(['users.users.email', 'users.users.phone', 'donations.ratings.rated_id', 'messaging.messages.sender_id', 'points.ledger_entries.user_id']),
    );

    const elsewhere = new ApiClient();
    expect((await elsewhere.call('POST /api/login', { body: { username: leaver.payload.username, password: leaver.payload.password } })).status).toBe(200);
    const deleted = await deleteAccount(leaver.client, { currentPassword: leaver.payload.password, cancelGiftsInProgress: true });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true, message: 'Votre compte est supprimé. Vos données personnelles sont effacées dès maintenant.' } });

    // At once: every session ends, the old credentials answer as for nobody.
    expect((await leaver.client.call('GET /api/auth/user')).status).toBe(401);
    await waitFor(async () => ((await elsewhere.call('GET /api/notifications/unread-counts')).status === 401 ? true : undefined), { what: 'the other session ended' });
    const unknown = asRefusal(await login(randomUUID().slice(0, 12), leaver.payload.password));
    const asForNobody = asRefusal(await login(leaver.payload.username, leaver.payload.password));
    expect({ status: asForNobody.status, body: asForNobody.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(asRefusal(await login(leaver.payload.email, leaver.payload.password))).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    const [lastMail] = await waitForMails(leaver.payload.email, { match: (m) => m.subject === 'Votre compte Hdiya est supprimé' });
    expect(lastMail!.text).toContain('30 jours');

    // The others' views: Karim's reservation released with his points, Leïla's released, her items gone.
    await expectBalance(friend.client, { blockedPoints: 2 }, 'Karim’s hold on Leïla’s chair released');
    expect((await friend.client.call('GET /api/donations/{id}', { params: { id: reservedFromThem.id } })).status).toBe(404);
    expect((await friend.client.call('GET /api/donations/{id}', { params: { id: theirs.id } })).status).toBe(404);
    await waitFor(async () => ((await friend.client.call('GET /api/donations/{id}', { params: { id: reservedByThem.id } })).body.status === 'available' ? true : undefined), { what: 'the bike free again' });
    expect((await friend.client.call('GET /api/donations/{id}/waitlist', { params: { id: lined.id } })).body).toMatchObject({ waiting: 0 });
    const gift = (await other.client.call('GET /api/donations/{id}', { params: { id: given.id } })).body;
    expect(gift).toMatchObject({ status: 'completed', owner: { displayName: 'Membre supprimé' } });
    expect(gift.owner.id).not.toBe(leaver.user.id);
    const conversation = await waitFor(async () => {
      const found = (await friend.client.call('GET /api/conversations')).body.find((c) => c.otherUser.displayName === 'Membre supprimé');
      return found ?? undefined;
    }, { what: 'Karim’s conversation with a deleted member' });
    expect(conversation.otherUser.id).not.toBe(leaver.user.id);
    const messages = (await friend.client.call('GET /api/messages/conversation/{userId}', { params: { userId: conversation.otherUser.id } })).body;
    expect(messages.map((m) => m.content)).toEqual(['Je passe demain pour le vélo', 'Parfait, à 18 h']);
    // The photo she sent left with its message, and its objects left storage as the deletion was handled.
    await withDatabase(async (db) => {
      expect((await db.query(`SELECT 1 FROM messaging.messages WHERE photo_key IS NOT NULL AND (sender_id = $1 OR receiver_id = $1)`, [conversation.otherUser.id])).rowCount).toBe(0);
    });
    await waitFor(
      async () => {
        const left = new Set(await storedKeys('chats/', s3));
        const forgotten = await withDatabase(async (db) => (await db.query(`SELECT 1 FROM messaging.chat_photo_uploads WHERE sender_id = $1`, [conversation.otherUser.id])).rowCount === 0);
        return forgotten && photoObjects.every((key) => !left.has(key)) ? true : undefined;
      },
      { what: 'her chat photo deleted from storage', timeoutMs: 20_000 },
    );

    // Points: what Leïla held (her hold back first) left in one entry; every invariant holds.
    await expectInvariantsHold();
    await waitFor(
      () => withDatabase(async (db) => (await db.query(`SELECT 1 FROM points.ledger_entries WHERE reason = 'account_deleted' AND amount = $1`, [-leaverHeld])).rowCount === 1),
      { what: 'the balance leaving in one entry', timeoutMs: 20_000 },
    );
    await withDatabase(async (db) => {
      const tombstone = gift.owner.id;
      expect(await pointsOf(db, [...everyone, tombstone])).toBe(before - leaverHeld);
      expect((await db.query(`SELECT count(*)::int AS n FROM points.ledger_entries WHERE reason = 'account_deleted' AND user_id = $1`, [tombstone])).rows[0].n).toBe(1);
      expect(await invariantViolations(db)).toEqual([]);
    });

    // Nothing in any service's tables names her any more (once every service has followed the event and the last mail is sent).
    await waitFor(async () => ((await withDatabase((db) => columnsNaming(db, needles))).length === 0 ? true : undefined), { what: 'no row naming her', timeoutMs: 20_000 }).catch(async () => {
      throw new Error(`rows still naming the deleted member: ${(await withDatabase((db) => columnsNaming(db, needles))).join(', ')}`);
    });

    // Her username, address and phone make a new account.
    const again = await new ApiClient().call('POST /api/signup', { body: leaver.payload as never });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(leaver.user.id);
  });

  it('should refuse a moderator’s own deletion, who must be demoted first', async () => {
    const { signedInAdmin } = await import('../support/admin.js');
    const admin = await signedInAdmin();
    expect(asRefusal(await deleteAccount(admin.client, { currentPassword: admin.payload.password }))).toMatchObject({ status: 403, body: { code: 'MODERATOR_NOT_DELETABLE' } });
  });
});
