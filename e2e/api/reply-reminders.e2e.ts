import { io } from 'socket.io-client';
import type { NotificationView } from '@hdiya/contracts';
import { testEnv, waitFor } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { publish } from '../support/members.js';

// Who owes a reply (issue 20) through the stack, whose messaging service reminds after 20 s.

const gatewayUrl = testEnv().gatewayUrl;

describe('who owes a reply', () => {
  it('should show the owner how long the asker has waited, then remind them once, in real time', async () => {
    const owner = await signedUpMember({ firstName: 'Amina', lastName: 'Benali' });
    const asker = await signedUpMember({ firstName: 'Karim', lastName: 'Tazi' });
    const item = await publish(owner.client, 'Lampe de chevet');
    const socket = io(gatewayUrl, {
      path: '/socket.io', transports: ['websocket'], reconnection: false,
      extraHeaders: { origin: gatewayUrl, cookie: `hdiya.sid=${owner.client.sessionCookie}` },
    });
    const pushed: NotificationView[] = [];
    socket.on('notification:new', (notification) => pushed.push(notification as NotificationView));
    try {
      await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
      const first = (await asker.client.call('POST /api/messages', { body: { content: 'Bonjour, toujours dispo ?', receiverId: owner.user.id, donationId: item.id } })).body;
      await asker.client.call('POST /api/messages', { body: { content: 'Je peux passer ce soir.', receiverId: owner.user.id, donationId: item.id } });

      const [ownerSide] = (await owner.client.call('GET /api/conversations')).body;
      expect(ownerSide).toMatchObject({ otherUser: { id: asker.user.id }, awaitingReplySince: first.createdAt });
      const [askerSide] = (await asker.client.call('GET /api/conversations')).body;
      expect(askerSide!.awaitingReplySince).toBeNull();

      const reminder = await waitFor(() => pushed.find((n) => n.kind === 'reply_reminder') ?? false, { timeoutMs: 45_000, intervalMs: 200, what: 'the reply reminder' });
      expect(reminder).toMatchObject({
        kind: 'reply_reminder',
        params: { otherId: asker.user.id, otherName: 'Karim T.', donationId: item.id, title: 'Lampe de chevet', since: first.createdAt },
      });
      const listed = (await owner.client.call('GET /api/notifications')).body.filter((n) => n.kind === 'reply_reminder');
      expect(listed).toEqual([reminder]);
      expect((await asker.client.call('GET /api/notifications')).body.filter((n) => n.kind === 'reply_reminder')).toEqual([]);

      // Answered: nobody owes anything, and the reminder is read.
      await owner.client.call('POST /api/messages', { body: { content: 'Oui, à ce soir !', receiverId: asker.user.id, donationId: item.id } });
      expect((await owner.client.call('GET /api/conversations')).body[0]!.awaitingReplySince).toBeNull();
      const after = (await owner.client.call('GET /api/notifications')).body.filter((n) => n.kind === 'reply_reminder');
      expect(after).toEqual([{ ...reminder, read: true }]);
    } finally {
      socket.close();
    }
  });

  it("should show a member's usual reply time on their public profile once they have answered three times", async () => {
    const owner = await signedUpMember({ firstName: 'Salma', lastName: 'Idrissi' });
    const profile = async () => (await new ApiClient().call('GET /api/users/{id}', { params: { id: owner.user.id } })).body;
    expect((await profile()).replyTime).toEqual({ replies: 0, medianMs: null });

    for (let i = 1; i <= 3; i += 1) {
      const asker = await signedUpMember();
      await asker.client.call('POST /api/messages', { body: { content: `Question ${i}`, receiverId: owner.user.id } });
      await owner.client.call('POST /api/messages', { body: { content: `Réponse ${i}`, receiverId: asker.user.id } });
      if (i === 2) expect((await profile()).replyTime).toEqual({ replies: 2, medianMs: null });
    }
    const { replyTime, displayName } = await profile();
    expect(displayName).toBe('Salma I.');
    expect(replyTime.replies).toBe(3);
    expect(replyTime.medianMs).toEqual(expect.any(Number));
    expect(replyTime.medianMs!).toBeLessThan(60_000);
  });
});
