import { randomUUID } from 'node:crypto';
import { waitFor } from '@hdiya/testing';
import type { BodyOf } from '@hdiya/contracts';
import { ApiClient, asRefusal, signedUpMember } from '../support/api-client.js';
import { completeGift, publish } from '../support/members.js';

// /api/messages, /api/conversations, /api/blocks and /api/notifications against the running stack.

describe('messages API', () => {
  it('should deliver a message about a donation, shown only to its two members', async () => {
    const owner = await signedUpMember({ firstName: 'Amina', lastName: 'Benali' });
    const asker = await signedUpMember({ firstName: 'Karim', lastName: 'Tazi' });
    const third = await signedUpMember();
    const item = await publish(owner.client, 'Table basse');

    const res = await asker.client.call('POST /api/messages', { body: { content: '  Bonjour !  ', receiverId: owner.user.id, donationId: item.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: 'Bonjour !', senderId: asker.user.id, receiverId: owner.user.id, donationId: item.id, read: false,
      sender: { displayName: 'Karim T.', lastName: 'T.' }, receiver: { displayName: 'Amina B.' }, donation: { id: item.id, title: 'Table basse' },
    });
    // No e-mail or phone travels with a message.
    expect(JSON.stringify(res.body)).not.toMatch(new RegExp(`${owner.payload.email}|${owner.payload.phone}|${asker.payload.email}`));

    const conversations = await owner.client.call('GET /api/conversations');
    expect(conversations.body.map((c) => [c.otherUser.id, c.donation?.id, c.unreadCount])).toEqual([[asker.user.id, item.id, 1]]);
    expect((await owner.client.call('GET /api/notifications/unread-counts')).body).toEqual({ messages: 1, notifications: 0 });

    const thread = await owner.client.call('GET /api/messages/conversation/{userId}', { params: { userId: asker.user.id }, query: { donationId: item.id } });
    expect(thread.body.map((m) => [m.content, m.read])).toEqual([['Bonjour !', false]]);
    const read = await owner.client.call('POST /api/messages/conversation/{userId}/read', { params: { userId: asker.user.id }, body: { donationId: item.id } });
    expect([read.status, read.body]).toEqual([200, { updated: 1 }]);
    expect((await owner.client.call('GET /api/notifications/unread-counts')).body).toEqual({ messages: 0, notifications: 0 });

    // The third member sees none of it, even naming both members.
    expect((await third.client.call('GET /api/messages/conversation/{userId}', { params: { userId: asker.user.id } })).body).toEqual([]);
    expect((await third.client.call('GET /api/messages/conversation/{userId}', { params: { userId: owner.user.id } })).body).toEqual([]);
    expect((await third.client.call('GET /api/messages')).body).toEqual([]);
    expect((await third.client.call('GET /api/conversations')).body).toEqual([]);
  });

  it('should change nothing on reading a conversation (GET), and mark it read only on POST …/read', async () => {
    const [a, b] = [await signedUpMember(), await signedUpMember()];
    const item = await publish(b.client, 'Étagère');
    await a.client.call('POST /api/messages', { body: { content: 'sans don', receiverId: b.user.id } });
    await a.client.call('POST /api/messages', { body: { content: 'pour le don', receiverId: b.user.id, donationId: item.id } });
    const conversation = { params: { userId: a.user.id } };

    // A GET (a prefetch, a link another site's page loads) reads without marking anything.
    for (const donationId of [undefined, 'none', item.id]) expect((await b.client.call('GET /api/messages/conversation/{userId}', { ...conversation, query: { donationId } })).status).toBe(200);
    expect((await b.client.call('GET /api/messages/conversation/{userId}', conversation)).body.map((m) => m.read)).toEqual([false, false]);
    expect((await b.client.call('GET /api/notifications/unread-counts')).body).toEqual({ messages: 2, notifications: 0 });
    expect((await b.client.call('GET /api/notifications')).body.filter((n) => !n.read)).toHaveLength(2);

    // The POST marks one conversation (here the one about no donation), then the rest.
    expect((await b.client.call('POST /api/messages/conversation/{userId}/read', { ...conversation, body: { donationId: 'none' } })).body).toEqual({ updated: 1 });
    expect((await b.client.call('GET /api/messages/conversation/{userId}', conversation)).body.map((m) => [m.content, m.read])).toEqual([['sans don', true], ['pour le don', false]]);
    expect((await b.client.call('GET /api/notifications')).body.filter((n) => !n.read).map((n) => n.params)).toEqual([
      expect.objectContaining({ donationId: item.id }),
    ]);
    expect((await b.client.call('POST /api/messages/conversation/{userId}/read', { ...conversation, body: {} })).body).toEqual({ updated: 1 });
    expect((await b.client.call('GET /api/notifications/unread-counts')).body).toEqual({ messages: 0, notifications: 0 });
    // The sender's own messages stay unread by the sender's POST: only what one received is marked.
    expect((await a.client.call('POST /api/messages/conversation/{userId}/read', { params: { userId: b.user.id }, body: {} })).body).toEqual({ updated: 0 });

    const refused = asRefusal(await b.client.call('POST /api/messages/conversation/{userId}/read', { ...conversation, body: { donationId: 'abc' } }));
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([400, 'VALIDATION_FAILED', 'Identifiant de don invalide.']);
    expect((await b.client.call('POST /api/messages/conversation/{userId}/read', { params: { userId: 'pas-un-membre' }, body: {} })).status).toBe(404);
    expect((await b.client.call('POST /api/messages/conversation/{userId}/read', { params: { userId: b.user.id }, body: {} })).status).toBe(400);
    expect((await new ApiClient().call('POST /api/messages/conversation/{userId}/read', { ...conversation, body: {} })).status).toBe(401);
  });

  it('should refuse bad messages with a clear French 4xx and store nothing', async () => {
    const [a, b] = [await signedUpMember(), await signedUpMember()];
    const cases: [unknown, number, string][] = [
      [{ content: '   ', receiverId: b.user.id }, 400, 'Le message ne peut pas être vide.'],
      [{ receiverId: b.user.id }, 400, 'Le message ne peut pas être vide.'],
      [{ content: 'x'.repeat(2001), receiverId: b.user.id }, 400, 'Le message ne doit pas dépasser 2000 caractères.'],
      [{ content: 'salut' }, 400, 'Veuillez choisir le destinataire du message.'],
      [{ content: 'salut', receiverId: 'admin' }, 400, 'Veuillez choisir le destinataire du message.'],
      [{ content: 'salut', receiverId: a.user.id }, 400, 'Vous ne pouvez pas vous envoyer un message.'],
      [{ content: 'salut', receiverId: randomUUID() }, 404, "Ce membre n'existe pas."],
      [{ content: 'salut', receiverId: b.user.id, donationId: 2_000_000_000 }, 404, "Ce don n'existe pas ou a été supprimé."],
      [{ content: 'salut', receiverId: b.user.id, donationId: 'abc' }, 400, 'Identifiant de don invalide.'],
      [{ content: 42, receiverId: b.user.id }, 400, 'Le champ content doit être un texte.'],
    ];
    for (const [body, status, message] of cases) {
      const res = asRefusal(await a.client.call('POST /api/messages', { body: body as BodyOf<'POST /api/messages'> })); // malformed on purpose
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.message]).toEqual([JSON.stringify(body).slice(0, 60), status, message]);
    }
    expect((await a.client.call('GET /api/messages')).body).toEqual([]);
    expect((await new ApiClient().call('POST /api/messages', { body: { content: 'x', receiverId: b.user.id } })).status).toBe(401);
    expect((await new ApiClient().call('GET /api/notifications')).status).toBe(401);
    expect((await a.client.call('GET /api/messages/conversation/{userId}', { params: { userId: 'pas-un-membre' } })).status).toBe(404);
    expect((await a.client.call('GET /api/messages/conversation/{userId}', { params: { userId: b.user.id }, query: { limit: '1000' } })).status).toBe(400);
  });

  it('should keep HTML as the text it is', async () => {
    const [a, b] = [await signedUpMember(), await signedUpMember()];
    const html = '<script>alert("x")</script><b>gras</b>';
    await a.client.call('POST /api/messages', { body: { content: html, receiverId: b.user.id } });
    expect((await b.client.call('GET /api/messages')).body[0]!.content).toBe(html);
  });

  it('should stop messages from a blocked member until unblocked', async () => {
    const [a, b] = [await signedUpMember(), await signedUpMember()];
    expect((await b.client.call('PUT /api/blocks/{userId}', { params: { userId: a.user.id } })).status).toBe(200);
    const refused = asRefusal(await a.client.call('POST /api/messages', { body: { content: 'coucou', receiverId: b.user.id } }));
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'MESSAGE_BLOCKED', 'Ce membre ne reçoit pas vos messages.']);
    expect((await b.client.call('GET /api/blocks')).body.map((m) => m.id)).toEqual([a.user.id]);
    expect((await b.client.call('DELETE /api/blocks/{userId}', { params: { userId: a.user.id } })).status).toBe(200);
    expect((await a.client.call('POST /api/messages', { body: { content: 'coucou', receiverId: b.user.id } })).status).toBe(201);
  });

  it('should notify a member of points transferred to them, and let only them mark it read', async () => {
    const [sender, receiver] = [await signedUpMember({ firstName: 'Nadia', lastName: 'Fassi' }), await signedUpMember()];
    await waitFor(async () => (await sender.client.call('GET /api/auth/user')).body.points === 10, { what: 'welcome points' });
    // Welcome points may be transferred after a first gift (decision 0019): the sender receives one.
    await completeGift((await signedUpMember()).client, sender.client);
    expect((await sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: receiver.payload.phone, points: 3, message: 'Merci !' } })).status).toBe(201);
    const notice = await waitFor(async () => (await receiver.client.call('GET /api/notifications')).body[0], { what: 'notification' });
    expect(notice).toMatchObject({ kind: 'points_received', read: false, params: { points: 3, senderName: 'Nadia F.', message: 'Merci !' } });
    expect((await sender.client.call('POST /api/notifications/{id}/read', { params: { id: notice.id } })).status).toBe(404);
    expect((await receiver.client.call('POST /api/notifications/{id}/read', { params: { id: notice.id } })).body).toMatchObject({ id: notice.id, read: true });
    expect((await receiver.client.call('POST /api/notifications/{id}/read', { params: { id: 'not-an-id' } })).status).toBe(404);
    expect((await receiver.client.call('POST /api/notifications/read-all')).body).toEqual({ updated: 0 });
  });
});
