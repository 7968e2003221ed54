import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, MessageView, NotificationView, ServerToClientEvents } from '@hdiya/contracts';
import { testEnv, waitFor } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { publish } from '../support/members.js';

// Realtime over socket.io on the gateway: pushes reach the members concerned and nobody else,
// a socket needs a signed-in session, and several gateways share rooms through Redis.

type MemberSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const gatewayUrl = testEnv().gatewayUrl;
const secondGatewayUrl = process.env.HDIYA_E2E_SECOND_GATEWAY_URL!;
const opened: MemberSocket[] = [];

/** A socket carrying the member's session cookie, as the web app's page opens it. */
function socketOf(client: ApiClient | null, url = gatewayUrl): MemberSocket {
  const cookie = client?.sessionCookie;
  const socket: MemberSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin: url, ...(cookie ? { cookie: `hdiya.sid=${cookie}` } : {}) },
  });
  opened.push(socket);
  return socket;
}

async function connected(socket: MemberSocket): Promise<MemberSocket> {
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Everything a socket receives, by event. */
function recorder(socket: MemberSocket) {
  const received: { event: string; data: unknown }[] = [];
  socket.onAny((event: string, data: unknown) => received.push({ event, data }));
  return {
    received,
    of: <T>(event: string) => received.filter((r) => r.event === event).map((r) => r.data as T),
    next: <T>(event: string, match: (data: T) => boolean = () => true) =>
      waitFor(() => received.find((r) => r.event === event && match(r.data as T))?.data as T | undefined, { what: `socket event ${event}` }),
  };
}

async function send(from: ApiClient, receiverId: string, content: string, donationId?: number) {
  const res = await from.call('POST /api/messages', { body: { content, receiverId, ...(donationId ? { donationId } : {}) } });
  expect(res.status).toBe(201);
  return res.body;
}

/**
 * `silenced` sends `receiverId` a typing hint, then 300 ms later `heard` sends one: the receiver's
 * socket gets only the second.
 */
async function expectOnlyLaterHint(receiver: ReturnType<typeof recorder>, receiverId: string, silenced: ApiClient, heard: { client: ApiClient; user: { id: string } }) {
  (await connected(socketOf(silenced))).emit('typing', { to: receiverId, donationId: null });
  await new Promise((resolve) => setTimeout(resolve, 300));
  (await connected(socketOf(heard.client))).emit('typing', { to: receiverId, donationId: null });
  expect(await receiver.next('typing')).toEqual({ from: heard.user.id, donationId: null });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(receiver.of<{ from: string }>('typing').map((hint) => hint.from)).toEqual([heard.user.id]);
}

afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});

describe('realtime', () => {
  it('should push a message to its receiver and sender only, and keep it in GET /api/messages', async () => {
    const [a, b, c] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    const bSocket = recorder(await connected(socketOf(b.client)));
    const cSocket = recorder(await connected(socketOf(c.client)));
    const aSocket = recorder(await connected(socketOf(a.client)));

    const sent = await send(a.client, b.user.id, 'Bonjour, la lampe est toujours là ?');
    expect(await bSocket.next<MessageView>('message:new')).toEqual(sent);
    expect(await aSocket.next<MessageView>('message:new')).toEqual(sent);
    expect((await b.client.call('GET /api/messages')).body.map((m) => m.id)).toEqual([sent.id]);

    // C hears only what is sent to C.
    const marker = await send(a.client, c.user.id, 'Et vous ?');
    expect(await cSocket.next<MessageView>('message:new')).toEqual(marker);
    expect(cSocket.of<MessageView>('message:new').map((m) => m.id)).toEqual([marker.id]);
    expect(cSocket.received.some((r) => JSON.stringify(r.data).includes(sent.id))).toBe(false);
  });

  it('should refuse a socket without a signed-in session, and close it at logout', async () => {
    await expect(connected(socketOf(null))).rejects.toThrow(/connecté/);
    const visitor = new ApiClient();
    await visitor.call('GET /api/auth/user');
    await expect(connected(socketOf(visitor))).rejects.toThrow(/connecté/);

    const member = await signedUpMember();
    const socket = await connected(socketOf(member.client));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const cookie = member.client.sessionCookie;
    await member.client.call('GET /api/logout');
    expect(await closed).toBe('io server disconnect');
    // The old cookie no longer opens a socket.
    const stale = io(gatewayUrl, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: gatewayUrl, cookie: `hdiya.sid=${cookie}` } });
    opened.push(stale);
    await expect(connected(stale)).rejects.toThrow(/connecté/);
  });

  it('should close a socket whose session ended without a logout (expired in the store, or outlived)', async () => {
    const member = await signedUpMember();
    const socket = await connected(socketOf(member.client, secondGatewayUrl));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    // What the store's expiry does: the session is gone from Redis. The cookie is "s:<id>.<signature>".
    const sessionId = decodeURIComponent(member.client.sessionCookie!).slice(2).split('.')[0];
    const redis = new Redis(process.env.HDIYA_E2E_REDIS_URL!);
    try {
      expect(await redis.del(`sess:${sessionId}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
    expect(await closed).toBe('io server disconnect');
  });

  it("should refuse a socket opened from another site's page", async () => {
    const member = await signedUpMember();
    const socket = io(gatewayUrl, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: 'https://evil.example', cookie: `hdiya.sid=${member.client.sessionCookie}` },
    });
    opened.push(socket);
    await expect(connected(socket)).rejects.toThrow();
  });

  it('should reach a member connected to another gateway than the one the message went through', async () => {
    const [a, b] = [await signedUpMember(), await signedUpMember()];
    // B's session, made on the first gateway, signs B in on the second (one Redis for both).
    const bOnSecond = recorder(await connected(socketOf(b.client, secondGatewayUrl)));
    const aOnFirst = recorder(await connected(socketOf(a.client, gatewayUrl)));
    const sent = await send(a.client, b.user.id, 'Envoyé par la passerelle 1');
    expect(await bOnSecond.next<MessageView>('message:new')).toEqual(sent);

    const viaSecond = new ApiClient(secondGatewayUrl, secondGatewayUrl);
    expect((await viaSecond.call('POST /api/login', { body: { username: b.payload.username, password: b.payload.password } })).status).toBe(200);
    const reply = await send(viaSecond, a.user.id, 'Réponse par la passerelle 2');
    expect(await aOnFirst.next<MessageView>('message:new', (m) => m.id === reply.id)).toEqual(reply);
  });

  it("should tell the owner at once when a member reserves their item, and both sides when it is confirmed", async () => {
    const [owner, reserver] = [await signedUpMember(), await signedUpMember({ firstName: 'Youssef', lastName: 'Alaoui' })];
    const item = await publish(owner.client, 'Vélo enfant');
    const ownerSocket = recorder(await connected(socketOf(owner.client)));
    const reserverSocket = recorder(await connected(socketOf(reserver.client)));
    await waitFor(async () => (await reserver.client.call('GET /api/auth/user')).body.points === 10, { what: 'welcome points' });

    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    const notice = await ownerSocket.next<NotificationView>('notification:new');
    expect(notice).toMatchObject({ kind: 'reservation_made', read: false, params: { donationId: item.id, title: 'Vélo enfant', reserverName: 'Youssef A.' } });
    expect(await ownerSocket.next('donation:status')).toEqual({ donationId: item.id, status: 'reserved' });
    expect(await reserverSocket.next('points:changed')).toMatchObject({ points: 8, blockedPoints: 2 });
    expect((await owner.client.call('GET /api/notifications')).body[0]).toEqual(notice);
    expect((await owner.client.call('GET /api/notifications/unread-counts')).body).toEqual({ messages: 0, notifications: 1 });

    expect((await reserver.client.call('POST /api/donations/{id}/confirm', { params: { id: item.id } })).status).toBe(200);
    expect(await ownerSocket.next<NotificationView>('notification:new', (n) => n.kind === 'reception_confirmed')).toMatchObject({
      params: { donationId: item.id, points: 5 },
    });
    expect(await reserverSocket.next('donation:status', (s: { status: string }) => s.status === 'completed')).toEqual({ donationId: item.id, status: 'completed' });
  });

  it('should relay typing and read receipts to the other participant', async () => {
    const [a, b] = [await signedUpMember(), await signedUpMember()];
    const aSocket = recorder(await connected(socketOf(a.client)));
    const bRaw = await connected(socketOf(b.client));
    const bSocket = recorder(bRaw);
    // Typing hints pass inside a conversation the two already have.
    await send(a.client, b.user.id, 'Tu es là ?');
    aSocket.received.length = 0;
    (await connected(socketOf(a.client))).emit('typing', { to: b.user.id, donationId: null });
    expect(await bSocket.next('typing')).toEqual({ from: a.user.id, donationId: null });

    expect((await b.client.call('POST /api/messages/conversation/{userId}/read', { params: { userId: a.user.id }, body: {} })).status).toBe(200);
    expect(await aSocket.next('messages:read')).toMatchObject({ readerId: b.user.id, donationId: null });
  });

  it('should not relay typing between members when either blocked the other', async () => {
    const [a, b, c] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    const bSocket = recorder(await connected(socketOf(b.client)));
    await send(a.client, b.user.id, 'Bonjour');
    await send(c.client, b.user.id, 'Bonsoir');
    expect((await b.client.call('PUT /api/blocks/{userId}', { params: { userId: a.user.id } })).status).toBe(200);
    // A later hint from a third member arrives; the blocked member's, sent first, never does.
    await expectOnlyLaterHint(bSocket, b.user.id, a.client, c);
  });

  // Review finding: a member with no conversation could push "is typing" to any member id, as
  // often as it opened sockets.
  it('should not relay a typing hint from a member who has no conversation with the receiver', async () => {
    const [stranger, b, c] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    const bSocket = recorder(await connected(socketOf(b.client)));
    await send(c.client, b.user.id, 'Bonjour');
    // A later hint from a member B talks with arrives; the stranger's, sent first, never does.
    await expectOnlyLaterHint(bSocket, b.user.id, stranger.client, c);
  });

  it("should count a member's typing hints across its sockets", async () => {
    const [a, b, c] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    const bSocket = recorder(await connected(socketOf(b.client)));
    await send(a.client, b.user.id, 'Bonjour');
    await send(c.client, b.user.id, 'Bonsoir');
    const [first, second] = [await connected(socketOf(a.client)), await connected(socketOf(a.client, secondGatewayUrl))];
    // Two hints at once from two sockets on two gateways: one hint a second per member passes.
    first.emit('typing', { to: b.user.id, donationId: null });
    second.emit('typing', { to: b.user.id, donationId: null });
    expect(await bSocket.next('typing')).toEqual({ from: a.user.id, donationId: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    (await connected(socketOf(c.client))).emit('typing', { to: b.user.id, donationId: null });
    expect(await bSocket.next('typing', (hint: { from: string }) => hint.from === c.user.id)).toEqual({ from: c.user.id, donationId: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bSocket.of<{ from: string }>('typing').map((hint) => hint.from)).toEqual([a.user.id, c.user.id]);
  });

  it('should refuse a member more than 10 open sockets across gateways, and accept one again once a socket closes', async () => {
    const member = await signedUpMember();
    const sockets: MemberSocket[] = [];
    for (let i = 0; i < 10; i += 1) sockets.push(await connected(socketOf(member.client, i % 2 === 0 ? gatewayUrl : secondGatewayUrl)));
    for (const url of [gatewayUrl, secondGatewayUrl]) {
      await expect(connected(socketOf(member.client, url))).rejects.toThrow(/Trop de connexions ouvertes/);
    }
    // Another member is not concerned.
    await connected(socketOf((await signedUpMember()).client));
    sockets[0]!.disconnect();
    await waitFor(() => connected(socketOf(member.client)).then(() => true, () => false), { what: 'a socket accepted again' });
  });
});
