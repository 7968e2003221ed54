import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  Events,
  Rpc,
  type ConversationView,
  type HealthReport,
  type MessageView,
  type NotificationView,
  type ReservationMadeV1,
  type UnreadCounts,
} from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';
import { DonationEventsConsumer } from '../src/donations/donation-events.consumer.js';
import { knownDonation, knownMember } from './messaging-fixture.js';

let app: INestMicroservice;
let nc: NatsConnection;
let dataSource: DataSource;

const member = (firstName: string, lastName: string) => knownMember(app, firstName, lastName);
const donation = (ownerId: string, title: string) => knownDonation(app, ownerId, title);

const send = (senderId: string, message: Record<string, unknown>) => requestRpc<MessageView>(nc, Rpc.messaging.send, { senderId, message });
const conversation = (userId: string, otherId: string, query: Record<string, unknown> = {}) =>
  requestRpc<MessageView[]>(nc, Rpc.messaging.conversation, { userId, otherId, query });
const markRead = (userId: string, otherId: string, read: Record<string, unknown> = {}) =>
  requestRpc<{ updated: number }>(nc, Rpc.messaging.readConversation, { userId, otherId, read });
const counts = (userId: string) => requestRpc<UnreadCounts>(nc, Rpc.messaging.unreadCounts, { userId });
const notifications = (userId: string) => requestRpc<NotificationView[]>(nc, Rpc.messaging.notifications, { userId, query: {} });

async function refusal(promise: Promise<unknown>): Promise<RpcFailure['body']> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function outboxOf(type: string, match: string): Promise<unknown[]> {
  const rows = (await dataSource.query(`SELECT "envelope" FROM messaging.outbox WHERE "subject" LIKE $1 AND "envelope"::text LIKE $2`, [
    `%.${type}.%`,
    `%${match}%`,
  ])) as { envelope: { payload: unknown } | string }[];
  return rows.map((row) => (typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope).payload);
}

beforeAll(async () => {
  const config = loadMessagingConfig({ ...testServiceEnv('messaging'), LOG_LEVEL: 'error', LOOKUP_RPC_TIMEOUT_MS: '300' });
  ({ app, nc } = await startTestService('messaging', AppModule.register(config), 'messaging-test'));
  dataSource = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

describe('messaging service', () => {
  it('should boot on its own schema and answer its health request', async () => {
    const report = await requestRpc<HealthReport>(nc, Rpc.messaging.health, {});
    expect(report).toEqual({ service: 'messaging', status: 'up', dependencies: { database: 'up', nats: 'up' } });
  });
});

describe('messages', () => {
  it('should store a trimmed message with both names and the donation title, and announce it', async () => {
    const amina = await member('Amina', 'Benali');
    const karim = await member('Karim', 'Tazi');
    const lamp = await donation(amina, 'Lampe de bureau');
    const sent = await send(karim, { content: '  Bonjour, est-elle dispo ?  ', receiverId: amina, donationId: lamp });
    expect(sent).toMatchObject({
      content: 'Bonjour, est-elle dispo ?', senderId: karim, receiverId: amina, donationId: lamp, read: false,
      sender: { id: karim, displayName: 'Karim T.', firstName: 'Karim', lastName: 'T.' },
      receiver: { id: amina, displayName: 'Amina B.' },
      donation: { id: lamp, title: 'Lampe de bureau' },
    });
    expect(await outboxOf('MessageSent', sent.id)).toEqual([{ message: sent }]);
    expect(await counts(amina)).toEqual({ messages: 1, notifications: 0 });
  });

  it('should refuse blank, oversized and self-addressed messages, and keep markup as plain text', async () => {
    const a = await member('A', 'A');
    const b = await member('B', 'B');
    expect(await refusal(send(a, { content: '   \n ', receiverId: b }))).toMatchObject({ status: 400, message: 'Le message ne peut pas être vide.' });
    expect(await refusal(send(a, { content: 'x'.repeat(2001), receiverId: b }))).toMatchObject({ status: 400, message: 'Le message ne doit pas dépasser 2000 caractères.' });
    expect(await refusal(send(a, { content: 'moi', receiverId: a }))).toMatchObject({ status: 400, code: 'MESSAGE_TO_SELF' });
    // Markup is stored as the text it is; the web app shows it as text.
    const html = await send(a, { content: '<img src=x onerror=alert(1)>', receiverId: b });
    expect(html.content).toBe('<img src=x onerror=alert(1)>');
    expect(await conversation(a, b)).toHaveLength(1);
  });

  it('should show a conversation only to its two members, oldest first, in pages, and mark it read when the reader says so', async () => {
    const [a, b, c] = [await member('A', 'A'), await member('B', 'B'), await member('C', 'C')];
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push((await send(i % 2 ? a : b, { content: `m${i}`, receiverId: i % 2 ? b : a })).id);
    await send(c, { content: 'pour A seulement', receiverId: a });
    expect(await counts(b)).toEqual({ messages: 3, notifications: 0 });

    const page = await conversation(b, a, { limit: 3 });
    expect(page.map((m) => m.content)).toEqual(['m3', 'm4', 'm5']);
    const earlier = await conversation(b, a, { limit: 3, before: page[0]!.id });
    expect(earlier.map((m) => m.content)).toEqual(['m1', 'm2']);
    // Reading it changed nothing; B saying so marks what B received read, not what B sent (A has not looked).
    expect(await counts(b)).toEqual({ messages: 3, notifications: 0 });
    expect(await outboxOf('MessagesRead', b)).toEqual([]);
    expect(await markRead(b, a)).toEqual({ updated: 3 });
    expect(await markRead(b, a)).toEqual({ updated: 0 });
    expect(await counts(b)).toEqual({ messages: 0, notifications: 0 });
    expect(await counts(a)).toEqual({ messages: 3, notifications: 0 });
    expect(await outboxOf('MessagesRead', b)).toContainEqual({ senderId: a, receipt: expect.objectContaining({ readerId: b, donationId: null }) });
    // C sees nothing of A–B.
    expect(await conversation(c, b)).toEqual([]);
    const cInbox = await requestRpc<MessageView[]>(nc, Rpc.messaging.inbox, { userId: c });
    expect(cInbox.map((m) => m.content)).toEqual(['pour A seulement']);
  });

  it('should group conversations by member and donation with unread counts, newest first', async () => {
    const [owner, asker] = [await member('O', 'O'), await member('Q', 'Q')];
    const bike = await donation(owner, 'Vélo');
    await send(asker, { content: 'sans don', receiverId: owner });
    await send(asker, { content: 'vélo 1', receiverId: owner, donationId: bike });
    await send(asker, { content: 'vélo 2', receiverId: owner, donationId: bike });
    const list = await requestRpc<ConversationView[]>(nc, Rpc.messaging.conversations, { userId: owner });
    expect(list.map((c) => [c.otherUser.id, c.donation?.title ?? null, c.lastMessage.content, c.unreadCount])).toEqual([
      [asker, 'Vélo', 'vélo 2', 2],
      [asker, null, 'sans don', 1],
    ]);
    // Marking the donation's thread read leaves the other conversation unread.
    expect((await conversation(owner, asker, { donationId: bike })).map((m) => m.content)).toEqual(['vélo 1', 'vélo 2']);
    expect(await markRead(owner, asker, { donationId: bike })).toEqual({ updated: 2 });
    const after = await requestRpc<ConversationView[]>(nc, Rpc.messaging.conversations, { userId: owner });
    expect(after.map((c) => [c.donation?.title ?? null, c.unreadCount])).toEqual([['Vélo', 0], [null, 1]]);
    expect((await conversation(owner, asker, { donationId: 'none' })).map((m) => m.content)).toEqual(['sans don']);
  });

  it('should answer the stored message when the sender retries with the same clientId', async () => {
    const [a, b] = [await member('A', 'A'), await member('B', 'B')];
    const clientId = randomUUID();
    const first = await send(a, { content: 'une fois', receiverId: b, clientId });
    const again = await send(a, { content: 'une fois', receiverId: b, clientId });
    expect(again).toEqual(first);
    expect(await refusal(send(a, { content: 'autre chose', receiverId: b, clientId }))).toMatchObject({ status: 409, code: 'MESSAGE_CLIENT_ID_REUSED' });
    expect(await conversation(b, a)).toHaveLength(1);
  });

  it('should stop messages both ways once a member blocks another, until unblocked', async () => {
    const [a, b] = [await member('A', 'A'), await member('B', 'B')];
    await send(b, { content: 'bonjour', receiverId: a });
    await requestRpc(nc, Rpc.messaging.block, { userId: b, otherId: a });
    expect(await refusal(send(a, { content: 'coucou', receiverId: b }))).toMatchObject({ status: 403, message: 'Ce membre ne reçoit pas vos messages.' });
    expect(await refusal(send(b, { content: 'coucou', receiverId: a }))).toMatchObject({ status: 403, code: 'MESSAGE_BLOCKED' });
    expect((await requestRpc<{ id: string }[]>(nc, Rpc.messaging.blocked, { userId: b })).map((m) => m.id)).toEqual([a]);
    // Typing hints follow the same rule, both ways.
    expect(await requestRpc(nc, Rpc.messaging.mayType, { userId: a, otherId: b })).toEqual({ allowed: false });
    expect(await requestRpc(nc, Rpc.messaging.mayType, { userId: b, otherId: a })).toEqual({ allowed: false });
    await requestRpc(nc, Rpc.messaging.unblock, { userId: b, otherId: a });
    expect((await send(a, { content: 'merci', receiverId: b })).content).toBe('merci');
    expect(await requestRpc(nc, Rpc.messaging.mayType, { userId: a, otherId: b })).toEqual({ allowed: true });
  });

  it('should store one message for parallel retries of a clientId, and answer a retry even once blocked', async () => {
    const [a, b] = [await member('A', 'A'), await member('B', 'B')];
    const clientId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(a, { content: 'une fois', receiverId: b, clientId })));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await conversation(b, a)).toHaveLength(1);
    expect(await outboxOf('MessageSent', answers[0]!.id)).toHaveLength(1);
    expect((await notifications(b)).filter((n) => n.kind === 'message_received')).toHaveLength(1);
    // It was sent before the block: its retry is answered, as the first try was.
    await requestRpc(nc, Rpc.messaging.block, { userId: b, otherId: a });
    expect(await send(a, { content: 'une fois', receiverId: b, clientId })).toEqual(answers[0]);
    expect(await refusal(send(a, { content: 'autre chose', receiverId: b, clientId }))).toMatchObject({ status: 409, code: 'MESSAGE_CLIENT_ID_REUSED' });
  });

  it('should write nothing for a blocked send: no message, notice, schedule or event, and its clientId stays free', async () => {
    const [a, b] = [await member('A', 'A'), await member('B', 'B')];
    await requestRpc(nc, Rpc.messaging.block, { userId: b, otherId: a });
    const clientId = randomUUID();
    expect(await refusal(send(a, { content: 'coucou', receiverId: b, clientId }))).toMatchObject({ status: 403, code: 'MESSAGE_BLOCKED' });
    expect(await conversation(b, a)).toEqual([]);
    expect(await notifications(b)).toEqual([]);
    expect(await outboxOf('MessageSent', clientId)).toEqual([]);
    expect(await dataSource.query(`SELECT 1 FROM messaging.dispatch_schedule WHERE "member_id" = $1`, [b])).toEqual([]);
    await requestRpc(nc, Rpc.messaging.unblock, { userId: b, otherId: a });
    expect(await send(a, { content: 'coucou', receiverId: b, clientId })).toMatchObject({ clientId, content: 'coucou' });
  });

  // Review finding: any member could push "is typing" to any member id.
  it('should allow typing hints only inside a conversation the two members already have', async () => {
    const [a, b, stranger] = [await member('A', 'A'), await member('B', 'B'), await member('S', 'S')];
    const mayType = (userId: string, otherId: string, donationId?: number | null) =>
      requestRpc(nc, Rpc.messaging.mayType, { userId, otherId, ...(donationId === undefined ? {} : { donationId }) });
    const lamp = await donation(b, 'Lampe');
    const chair = await donation(b, 'Chaise');
    expect(await mayType(a, b)).toEqual({ allowed: false });
    await send(a, { content: 'La lampe est-elle dispo ?', receiverId: b, donationId: lamp });
    // Both ways, in the lamp's conversation only.
    for (const [from, to] of [[a, b], [b, a]] as const) {
      expect(await mayType(from, to)).toEqual({ allowed: true });
      expect(await mayType(from, to, lamp)).toEqual({ allowed: true });
      expect(await mayType(from, to, chair)).toEqual({ allowed: false });
      expect(await mayType(from, to, null)).toEqual({ allowed: false });
    }
    expect(await mayType(stranger, b)).toEqual({ allowed: false });
    expect(await mayType(stranger, b, lamp)).toEqual({ allowed: false });
    await send(a, { content: 'Et en général ?', receiverId: b });
    expect(await mayType(b, a, null)).toEqual({ allowed: true });
  });
});

describe('notifications', () => {
  it('should notify the owner of a reservation once, however often the event arrives', async () => {
    const [owner, reserver] = [await member('Salma', 'Idrissi'), await member('Youssef', 'Alaoui')];
    const payload: ReservationMadeV1 = {
      reservationId: randomUUID(), donationId: 42, title: 'Table', reserverId: reserver, ownerId: owner,
      reservedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 864e6).toISOString(),
    };
    const event = createEvent(Events.donations.ReservationMade, payload);
    const consumer = app.get(DonationEventsConsumer).consumer;
    expect(await consumer.apply(event)).toBe(true);
    expect(await consumer.apply(event)).toBe(false);
    const list = await notifications(owner);
    expect(list).toEqual([
      expect.objectContaining({ kind: 'reservation_made', read: false, params: { donationId: 42, title: 'Table', reserverName: 'Youssef A.', expiresAt: payload.expiresAt } }),
    ]);
    expect(await notifications(reserver)).toEqual([]);
    expect(await outboxOf('NotificationCreated', list[0]!.id)).toEqual([{ userId: owner, notification: list[0] }]);
    expect(await counts(owner)).toEqual({ messages: 0, notifications: 1 });
    await requestRpc(nc, Rpc.messaging.readNotification, { userId: owner, notificationId: list[0]!.id });
    expect(await counts(owner)).toEqual({ messages: 0, notifications: 0 });
  });

  it("should never let a member read or mark another member's notification", async () => {
    const [owner, other] = [await member('O', 'O'), await member('X', 'X')];
    await app.get(DonationEventsConsumer).consumer.apply(
      createEvent(Events.donations.ReservationExpired, { reservationId: randomUUID(), donationId: 7, title: 'Chaise', reserverId: other, ownerId: owner, expiredAt: new Date().toISOString() }),
    );
    const [mine] = await notifications(owner);
    expect(mine).toMatchObject({ kind: 'reservation_expired', params: { role: 'owner' } });
    expect((await notifications(other))[0]).toMatchObject({ kind: 'reservation_expired', params: { role: 'reserver' } });
    expect(await refusal(requestRpc(nc, Rpc.messaging.readNotification, { userId: other, notificationId: mine!.id }))).toMatchObject({ status: 404 });
    expect((await notifications(owner))[0]!.read).toBe(false);
  });

  it('should keep one unread notice each and one reply owed when both members write at once', async () => {
    const [a, b] = [await member('A', 'A'), await member('B', 'B')];
    const lamp = await donation(b, 'Lampe');
    await Promise.all(
      [1, 2, 3, 4, 5, 6].flatMap((i) => [send(a, { content: `a${i}`, receiverId: b, donationId: lamp }), send(b, { content: `b${i}`, receiverId: a, donationId: lamp })]),
    );
    expect(await conversation(a, b, { donationId: lamp })).toHaveLength(12);
    for (const [reader, writer] of [[a, b], [b, a]] as const) {
      const notices = (await notifications(reader)).filter((n) => n.kind === 'message_received');
      expect(notices).toEqual([expect.objectContaining({ read: false, params: expect.objectContaining({ senderId: writer, donationId: lamp }) })]);
      expect(await outboxOf('NotificationCreated', notices[0]!.id)).toHaveLength(1);
    }
    // Whoever received the last message stored owes the reply; the other owes nothing.
    const waits = await dataSource.query(`SELECT 1 FROM messaging.reply_waits WHERE "owing_id" = ANY($1::uuid[]) AND "waiting_id" = ANY($1::uuid[])`, [[a, b]]);
    expect(waits).toHaveLength(1);
  });

  it('should keep one unread new-message notice per conversation, read with the conversation', async () => {
    const [a, b] = [await member('A', 'A'), await member('B', 'B')];
    await send(a, { content: 'un', receiverId: b });
    await send(a, { content: 'deux', receiverId: b });
    const notices = (await notifications(b)).filter((n) => n.kind === 'message_received');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ params: { senderId: a, senderName: 'A A.', donationId: null, title: null }, read: false });
    // Announced once, as the list shows it (the second message renewed it).
    expect(await outboxOf('NotificationCreated', notices[0]!.id)).toEqual([{ userId: b, notification: notices[0] }]);
    await conversation(b, a);
    expect((await notifications(b))[0]!.read).toBe(false);
    await markRead(b, a);
    expect((await notifications(b))[0]!.read).toBe(true);
    await send(a, { content: 'trois', receiverId: b });
    expect((await notifications(b)).filter((n) => !n.read)).toHaveLength(1);
  });
});
