import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, Rpc, type MailRecipient, type MessageView } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { MailRecipients } from '../src/dispatch/mail-recipients.js';
import { UsersEventsConsumer } from '../src/members/users-events.consumer.js';
import { PushService } from '../src/push/push.service.js';
import { knownMember } from './messaging-fixture.js';

// A deleted member in messaging (issue 47, decision 0074): a digest already rendered for them and
// waiting in the mail outbox is never sent, the pushes queued for their devices are dropped, and
// the chat photos they sent are handed to the gateway under the deletion's tombstone, once this
// service has followed the deletion, and forgotten once deleted. Other members' mail and pushes stay.

let app: INestMicroservice;
let nc: NatsConnection;
let dataSource: DataSource;
/** What the users service would answer for each member (`users.mail-recipient`). */
const recipients = new Map<string, MailRecipient>();

async function member(firstName: string): Promise<string> {
  const userId = await knownMember(app, firstName);
  recipients.set(userId, { email: `${userId.slice(0, 8)}@example.test`, emailVerified: true, language: 'fr' });
  return userId;
}

const send = (senderId: string, receiverId: string, content: string) => requestRpc<MessageView>(nc, Rpc.messaging.send, { senderId, message: { content, receiverId } });

/** A device of the member's, as `POST /api/push/subscriptions` registers it, with a push queued for it. */
async function deviceWithQueuedPush(memberId: string): Promise<void> {
  await dataSource.query(`INSERT INTO messaging.push_subscriptions (id, member_id, endpoint, p256dh, auth, language) VALUES ($1, $2, $3, 'key', 'auth', 'fr')`, [
    randomUUID(),
    memberId,
    `https://push.example.test/${randomUUID()}`,
  ]);
  await dataSource.transaction((manager) => app.get(PushService).enqueue(manager, memberId, { title: 'Hdiya', body: 'Nouveau message', url: '/messages', lang: 'fr' }));
}

const count = async (query: string, params: unknown[]) => ((await dataSource.query(query, params)) as { n: number }[])[0]!.n;
const mailsFor = (memberId: string) => count(`SELECT count(*)::int AS n FROM messaging.mail_outbox WHERE member_id = $1 AND sent_at IS NULL`, [memberId]);
const pushesFor = (memberId: string) =>
  count(`SELECT count(*)::int AS n FROM messaging.push_deliveries d JOIN messaging.push_subscriptions s ON s.id = d.subscription_id WHERE s.member_id = $1`, [memberId]);

beforeAll(async () => {
  const config = loadMessagingConfig({
    ...testServiceEnv('messaging'),
    LOG_LEVEL: 'error',
    MAIL_DIGEST_FIRST_DELAY_MS: '0',
    NOTIFICATION_PUSH_DELAY_MS: '0',
    // The test runs the dispatcher itself; no SMTP_URL: rendered mails stay queued.
    DISPATCH_POLL_MS: '3600000',
  });
  ({ app, nc } = await startTestService('messaging', AppModule.register(config), 'messaging-deletion-test'));
  dataSource = app.get(DataSource);
  app.get(MailRecipients).lookup = async (memberId) => ({ found: recipients.get(memberId) ?? null });
});

afterAll(() => stopTestService({ app, nc }));

it('should drop the digest rendered for a deleted member and the pushes queued for them, and keep the others’', async () => {
  const [leaver, friend] = [await member('Leïla'), await member('Karim')];
  await send(friend, leaver, 'Toujours disponible ?');
  await send(leaver, friend, 'Oui, passez ce soir');
  // The news is a moment old: the dispatcher renders both digests into the mail outbox.
  await dataSource.query(`UPDATE messaging.notifications SET activity_at = now() - interval '1 minute' WHERE user_id = ANY($1)`, [[leaver, friend]]);
  await dataSource.query(`UPDATE messaging.dispatch_schedule SET mail_due_at = now() WHERE member_id = ANY($1)`, [[leaver, friend]]);
  await app.get(Dispatcher).runUntilIdle();
  expect(await mailsFor(leaver)).toBe(1);
  expect(await mailsFor(friend)).toBe(1);
  await deviceWithQueuedPush(leaver);
  await deviceWithQueuedPush(friend);
  expect(await pushesFor(leaver)).toBe(1);

  const deletion = createEvent(Events.users.MemberDeleted, { memberId: leaver, tombstoneId: randomUUID(), deletedAt: new Date().toISOString() });
  expect(await app.get(UsersEventsConsumer).consumer.apply(deletion)).toBe(true);

  expect(await count(`SELECT count(*)::int AS n FROM messaging.mail_outbox WHERE member_id = $1`, [leaver])).toBe(0);
  expect(await pushesFor(leaver)).toBe(0);
  expect(await count(`SELECT count(*)::int AS n FROM messaging.dispatch_schedule WHERE member_id = $1`, [leaver])).toBe(0);
  // Nothing is rendered for them afterwards either.
  await app.get(Dispatcher).runUntilIdle();
  expect(await count(`SELECT count(*)::int AS n FROM messaging.mail_outbox WHERE recipient = $1`, [recipients.get(leaver)!.email])).toBe(0);
  // Karim's own mail and push still go.
  expect(await mailsFor(friend)).toBe(1);
  expect(await pushesFor(friend)).toBe(1);
});

it('should hand the gateway a deleted member’s chat photos only once it has followed the deletion, and forget them once deleted', async () => {
  const [leaver, friend] = [await member('Nadia'), await member('Omar')];
  const tombstoneId = randomUUID();
  const photos = [randomUUID(), randomUUID()].map((id) => ({ imageKey: `chats/${id}.webp`, thumbnailKey: `chats/${id}-thumb.webp` }));
  for (const photo of photos) {
    await requestRpc(nc, Rpc.messaging.registerPhoto, { senderId: leaver, message: { content: '', receiverId: friend }, photo });
    await requestRpc(nc, Rpc.messaging.sendPhoto, { senderId: leaver, message: { content: photo === photos[0] ? 'La lampe' : '', receiverId: friend }, photo });
  }
  const ofDeletion = () => requestRpc<{ applied: boolean; keys: string[]; imageKeys: string[] }>(nc, Rpc.messaging.deletedMemberPhotos, { tombstoneId, limit: 1 });

  // Before the event: not applied, nothing handed over.
  expect(await ofDeletion()).toEqual({ applied: false, keys: [], imageKeys: [] });
  await app.get(UsersEventsConsumer).consumer.apply(createEvent(Events.users.MemberDeleted, { memberId: leaver, tombstoneId, deletedAt: new Date().toISOString() }));

  // Page by page (limit 1), each forgotten after its objects are deleted.
  const handed: string[] = [];
  for (;;) {
    const page = await ofDeletion();
    expect(page.applied).toBe(true);
    if (page.imageKeys.length === 0) break;
    expect(page.keys).toHaveLength(2);
    handed.push(...page.keys);
    // A retry after a crash between the deletion of the objects and this call forgets the same rows once.
    expect(await requestRpc(nc, Rpc.messaging.forgetDeletedMemberPhotos, { tombstoneId, imageKeys: page.imageKeys })).toEqual({ forgotten: 1 });
    expect(await requestRpc(nc, Rpc.messaging.forgetDeletedMemberPhotos, { tombstoneId, imageKeys: page.imageKeys })).toEqual({ forgotten: 0 });
  }
  expect(handed.sort()).toEqual(photos.flatMap((p) => [p.imageKey, p.thumbnailKey]).sort());
  // The captioned photo's message stays, without its photo; the other left with its photo.
  const kept = (await dataSource.query(`SELECT content, photo_key FROM messaging.messages WHERE sender_id = $1`, [tombstoneId])) as { content: string; photo_key: string | null }[];
  expect(kept).toEqual([{ content: 'La lampe', photo_key: null }]);
});
