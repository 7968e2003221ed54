import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, Rpc, type MailRecipient, type MessageView, type NotificationPreferenceView, type NotificationView, type UnsubscribeResult } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig, type MessagingConfig } from '../src/config.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { MailRecipients } from '../src/dispatch/mail-recipients.js';
import { signUnsubscribe } from '../src/dispatch/unsubscribe-token.js';
import { DonationEventsConsumer } from '../src/donations/donation-events.consumer.js';
import { NotificationsService } from '../src/notifications/notifications.service.js';
import { knownMember } from './messaging-fixture.js';

const FIRST_DELAY_MS = 600;
const INTERVAL_MS = 60_000;
const SECRET = 'integration-test-mail-link-secret-0123456789';

let app: INestMicroservice;
let nc: NatsConnection;
let dataSource: DataSource;
let dispatcher: Dispatcher;
let config: MessagingConfig;
/** What the users service would answer for each member (`users.mail-recipient`). */
const recipients = new Map<string, MailRecipient>();

interface MailRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
}

async function member(firstName: string, address: { verified: boolean; language?: 'fr' | 'ar' } = { verified: true }): Promise<string> {
  const userId = await knownMember(app, firstName);
  recipients.set(userId, { email: `${userId.slice(0, 8)}@example.test`, emailVerified: address.verified, language: address.language ?? 'fr' });
  return userId;
}

async function reserved(ownerId: string, reserverId: string, title: string): Promise<void> {
  await app.get(DonationEventsConsumer).consumer.apply(
    createEvent(Events.donations.ReservationMade, {
      reservationId: randomUUID(), donationId: 1 + Math.floor(Math.random() * 1e9), title, reserverId, ownerId,
      reservedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 864e6).toISOString(),
    }),
  );
}

const send = (senderId: string, receiverId: string, content: string) =>
  requestRpc<MessageView>(nc, Rpc.messaging.send, { senderId, message: { content, receiverId } });
const notifications = (userId: string) => requestRpc<NotificationView[]>(nc, Rpc.messaging.notifications, { userId, query: {} });

async function mailsTo(memberId: string): Promise<MailRow[]> {
  return (await dataSource.query(`SELECT "recipient", "subject", "text_body", "html_body", "headers" FROM messaging.mail_outbox WHERE "recipient" = $1 ORDER BY "created_at"`, [
    recipients.get(memberId)!.email,
  ])) as MailRow[];
}

async function schedule(memberId: string): Promise<{ mail_due_at: Date | null; last_mail_at: Date | null } | undefined> {
  const [row] = (await dataSource.query(`SELECT "mail_due_at", "last_mail_at" FROM messaging.dispatch_schedule WHERE "member_id" = $1`, [memberId])) as {
    mail_due_at: Date | null;
    last_mail_at: Date | null;
  }[];
  return row;
}

/**
 * Runs the dispatcher whenever the member's mail falls due within the shortened delays (news
 * younger than the push delay is looked at again a moment later), until nothing is due soon.
 */
async function dispatchWhenDue(memberId: string): Promise<void> {
  for (;;) {
    const due = (await schedule(memberId))?.mail_due_at;
    if (!due || due.getTime() > Date.now() + 5000) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now()) + 50));
    await dispatcher.runUntilIdle();
  }
}

beforeAll(async () => {
  config = loadMessagingConfig({
    ...testServiceEnv('messaging'),
    LOG_LEVEL: 'error',
    LOOKUP_RPC_TIMEOUT_MS: '1000',
    MAIL_LINK_SECRET: SECRET,
    MAIL_DIGEST_FIRST_DELAY_MS: String(FIRST_DELAY_MS),
    MAIL_DIGEST_INTERVAL_MS: String(INTERVAL_MS),
    NOTIFICATION_PUSH_DELAY_MS: '100',
    // The test runs the dispatcher itself, at the moments it chooses.
    DISPATCH_POLL_MS: '3600000',
    PUBLIC_URL: 'https://hdiya.example',
  });
  ({ app, nc } = await startTestService('messaging', AppModule.register(config), 'dispatch-test'));
  dataSource = app.get(DataSource);
  dispatcher = app.get(Dispatcher);
  // The users service's answers (`users.mail-recipient`), given in process: a stand-in on NATS
  // would share the subject with the users service of its own integration tests, which may run at
  // the same time, and either could answer. The real call is covered end to end.
  app.get(MailRecipients).lookup = async (memberId) => ({ found: recipients.get(memberId) ?? null });
});

afterAll(() => stopTestService({ app, nc }));

describe('notification mails to members who are away', () => {
  it('should send the first digest after the first delay, then wait the interval before the next', async () => {
    const [owner, reserver] = [await member('Salma'), await member('Youssef')];
    const before = Date.now();
    await reserved(owner, reserver, 'Table basse');
    const due = (await schedule(owner))!.mail_due_at!;
    expect(due.getTime()).toBeGreaterThanOrEqual(before + FIRST_DELAY_MS - 50);

    // Not yet due: nothing leaves.
    await dispatcher.runUntilIdle();
    expect(await mailsTo(owner)).toEqual([]);

    await dispatchWhenDue(owner);
    const [mail] = await mailsTo(owner);
    expect(mail).toMatchObject({ subject: 'Hdiya : \u2068Youssef T.\u2069 a réservé « \u2068Table basse\u2069 ».' });
    expect(mail!.text_body).toContain('https://hdiya.example/donations/');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['List-Unsubscribe']).toMatch(/^<https:\/\/hdiya\.example\/api\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
    const mailedAt = (await schedule(owner))!.last_mail_at!;

    // A second event soon after waits for the interval, counted from the last mail.
    await reserved(owner, reserver, 'Lampe');
    expect((await schedule(owner))!.mail_due_at!.getTime()).toBeGreaterThanOrEqual(mailedAt.getTime() + INTERVAL_MS);
    await dispatcher.runUntilIdle();
    expect(await mailsTo(owner)).toHaveLength(1);
  });

  it('should send one digest for a reservation plus three messages, saying how many messages wait', async () => {
    const [owner, reserver] = [await member('Amina'), await member('Karim')];
    await reserved(owner, reserver, 'Vélo');
    for (const content of ['Bonjour', 'Toujours dispo ?', 'Je passe demain']) await send(reserver, owner, content);
    await dispatchWhenDue(owner);
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Hdiya : 2 nouveautés pendant votre absence');
    expect(mails[0]!.text_body).toContain('\u2068Karim T.\u2069 a réservé « \u2068Vélo\u2069 ».');
    expect(mails[0]!.text_body).toContain('Nouveau message de \u2068Karim T.\u2069. (3 messages non lus)');
  });

  it('should mail nothing the member saw on an open page or read', async () => {
    const [owner, reserver] = [await member('Nadia'), await member('Omar')];
    await reserved(owner, reserver, 'Chaise');
    // The gateway relayed it to the member's open page.
    expect(await requestRpc(nc, Rpc.messaging.notificationsSeen, { memberIds: [owner] })).toEqual({ seen: 1 });
    await send(reserver, owner, 'Salut');
    const [notice] = await notifications(owner);
    await requestRpc(nc, Rpc.messaging.readNotification, { userId: owner, notificationId: notice!.id });
    await dispatchWhenDue(owner);
    expect(await mailsTo(owner)).toEqual([]);
    expect((await schedule(owner))!.mail_due_at).toBeNull();
  });

  it('should mail a new message in a conversation whose notice was already mailed, once the interval has passed', async () => {
    const [owner, asker] = [await member('Hind'), await member('Rachid')];
    await send(asker, owner, 'Premier');
    await dispatchWhenDue(owner);
    expect(await mailsTo(owner)).toHaveLength(1);
    // Same conversation, its notice still unread: renewed, it is due again (after the interval).
    await send(asker, owner, 'Deuxième');
    await dataSource.query(`UPDATE messaging.dispatch_schedule SET "mail_due_at" = now(), "last_mail_at" = now() - interval '1 hour' WHERE "member_id" = $1`, [owner]);
    await dispatchWhenDue(owner);
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain('(2 messages non lus)');
  });

  it('should respect the member’s preferences and start with every kind on', async () => {
    const [owner, reserver] = [await member('Leila'), await member('Said')];
    const defaults = await requestRpc<NotificationPreferenceView[]>(nc, Rpc.messaging.notificationPreferences, { userId: owner });
    expect(defaults).toContainEqual({ kind: 'reservation_made', email: true, push: true });
    expect(defaults.every((p) => p.email && p.push)).toBe(true);
    const updated = await requestRpc<NotificationPreferenceView[]>(nc, Rpc.messaging.updateNotificationPreferences, {
      userId: owner,
      preferences: [{ kind: 'reservation_made', email: false }],
    });
    expect(updated).toContainEqual({ kind: 'reservation_made', email: false, push: true });
    await reserved(owner, reserver, 'Tapis');
    await dispatchWhenDue(owner);
    expect(await mailsTo(owner)).toEqual([]);
    // Messages still come.
    await send(reserver, owner, 'Bonjour');
    await dataSource.query(`UPDATE messaging.dispatch_schedule SET "mail_due_at" = now() WHERE "member_id" = $1`, [owner]);
    await dispatchWhenDue(owner);
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).not.toContain('Tapis');
  });

  it('should mail a reply reminder like any other kind, with the web app’s sentence and a way to answer', async () => {
    const [waited, other] = [await member('Ghita'), await member('Reda')];
    const since = new Date(Date.now() - 24 * 3_600_000).toISOString();
    await dataSource.transaction((manager) =>
      app.get(NotificationsService).notify(manager, waited, 'reply_reminder', { otherId: other, otherName: 'Reda T.', donationId: null, title: null, since }),
    );
    await dispatchWhenDue(waited);
    const [mail] = await mailsTo(waited);
    expect(mail!.subject).toBe('Hdiya : \u2068Reda T.\u2069 attend votre réponse depuis 24 heures.');
    expect(mail!.text_body).toContain(`Répondre: https://hdiya.example/messages?with=${other}`);
  });

  it('should send no notification mail to an unverified address', async () => {
    const [owner, reserver] = [await member('Zineb', { verified: false }), await member('Hamza')];
    await reserved(owner, reserver, 'Étagère');
    await dispatchWhenDue(owner);
    expect(await mailsTo(owner)).toEqual([]);
  });

  it('should write in the member’s language, Arabic right to left, member text escaped', async () => {
    const [owner, reserver] = [await member('Fatima', { verified: true, language: 'ar' }), await member('<b>Ali</b>')];
    await reserved(owner, reserver, 'مصباح <script>');
    await dispatchWhenDue(owner);
    const [mail] = await mailsTo(owner);
    expect(mail!.subject).toBe('هدية: حجز \u2068<b>Ali</b> T.\u2069 «\u2068مصباح <script>\u2069».');
    expect(mail!.html_body).toContain('dir="rtl"');
    expect(mail!.html_body).toContain('&lt;b&gt;Ali&lt;/b&gt;');
    expect(mail!.html_body).not.toContain('<script>');
  });

  it('should isolate member text in its sentences and drop the direction controls it carried (issue 45)', async () => {
    const [owner, reserver] = [await member('Nadia'), await member('Amine\u202E')];
    await reserved(owner, reserver, 'Vélo \u202Egpj.exe');
    await dispatchWhenDue(owner);
    const [mail] = await mailsTo(owner);
    expect(mail!.subject).toBe('Hdiya : \u2068Amine T.\u2069 a réservé « \u2068Vélo gpj.exe\u2069 ».');
    expect(mail!.text_body).not.toContain('\u202E');
  });

  it('should send one mail when two dispatchers race for the same member', async () => {
    const [owner, reserver] = [await member('Meryem'), await member('Anas')];
    await reserved(owner, reserver, 'Bureau');
    const due = (await schedule(owner))!.mail_due_at!;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now()) + 50));
    const second = new Dispatcher(dataSource, app.get(MailRecipients), config, null);
    await Promise.all([dispatcher.runOnce(), second.runOnce(), dispatcher.runOnce(), second.runOnce()]);
    expect(await mailsTo(owner)).toHaveLength(1);
  });
});

describe('pushes to members who are away', () => {
  async function device(memberId: string, language: 'fr' | 'ar'): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO messaging.push_subscriptions ("id", "member_id", "endpoint", "p256dh", "auth", "language") VALUES ($1, $2, $3, 'key', 'auth', $4)`,
      [id, memberId, `https://push.example/${id}`, language],
    );
    return id;
  }

  async function pushesTo(subscriptionId: string): Promise<{ body: string; url: string; tag?: string; lang: string; actions: { action: string; title: string; url: string }[] }[]> {
    const rows = (await dataSource.query(`SELECT "payload" FROM messaging.push_deliveries WHERE "subscription_id" = $1 ORDER BY "created_at"`, [subscriptionId])) as {
      payload: never;
    }[];
    return rows.map((row) => row.payload);
  }

  async function dispatchPushes(memberId: string): Promise<void> {
    for (;;) {
      const [row] = (await dataSource.query(`SELECT "push_due_at" FROM messaging.dispatch_schedule WHERE "member_id" = $1`, [memberId])) as { push_due_at: Date | null }[];
      const due = row?.push_due_at;
      if (!due || due.getTime() > Date.now() + 5000) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now()) + 50));
      await dispatcher.runUntilIdle();
    }
  }

  it('should push each event once, collapsed per conversation, with its buttons and in the member’s language', async () => {
    const [owner, asker] = [await member('Souad', { verified: false, language: 'ar' }), await member('Mehdi')];
    const phone = await device(owner, 'ar');
    await reserved(owner, asker, 'كرسي');
    for (const content of ['سلام', 'واش باقي؟', 'غدا']) await send(asker, owner, content);
    await dispatchPushes(owner);
    const pushes = await pushesTo(phone);
    expect(pushes).toHaveLength(2);
    expect(pushes).toContainEqual(
      expect.objectContaining({ body: 'حجز \u2068Mehdi T.\u2069 «\u2068كرسي\u2069».', lang: 'ar', url: expect.stringMatching(/^\/donations\/\d+$/), actions: [expect.objectContaining({ action: 'view', title: 'عرض الغرض' })] }),
    );
    expect(pushes).toContainEqual(
      expect.objectContaining({ tag: `conversation:${asker}:none`, url: `/messages?with=${asker}`, actions: [expect.objectContaining({ action: 'reply', title: 'ردّ' })] }),
    );
    // Already pushed: nothing twice.
    await dataSource.query(`UPDATE messaging.dispatch_schedule SET "push_due_at" = now() WHERE "member_id" = $1`, [owner]);
    await dispatcher.runUntilIdle();
    expect(await pushesTo(phone)).toHaveLength(2);
  });

  it('should push nothing an open page saw, nor a kind the member turned off for push', async () => {
    const [owner, asker] = [await member('Kenza'), await member('Ilyas')];
    const laptop = await device(owner, 'fr');
    await reserved(owner, asker, 'Table');
    await requestRpc(nc, Rpc.messaging.notificationsSeen, { memberIds: [owner] });
    await requestRpc(nc, Rpc.messaging.updateNotificationPreferences, { userId: owner, preferences: [{ kind: 'message_received', push: false }] });
    await send(asker, owner, 'Bonjour');
    await dispatchPushes(owner);
    expect(await pushesTo(laptop)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  async function refusal(promise: Promise<unknown>): Promise<RpcFailure['body']> {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcFailure);
    return (error as RpcFailure).body;
  }

  it('should turn off the kinds of the mail with the token of its List-Unsubscribe header', async () => {
    const [owner, reserver] = [await member('Imane'), await member('Yassine')];
    await reserved(owner, reserver, 'Poussette');
    await dispatchWhenDue(owner);
    const [mail] = await mailsTo(owner);
    const token = /token=([^>]+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!;
    expect(await requestRpc<UnsubscribeResult>(nc, Rpc.messaging.unsubscribe, { token })).toEqual({ kinds: ['reservation_made'], channel: 'email' });
    const preferences = await requestRpc<NotificationPreferenceView[]>(nc, Rpc.messaging.notificationPreferences, { userId: owner });
    expect(preferences).toContainEqual({ kind: 'reservation_made', email: false, push: true });
    expect(preferences).toContainEqual({ kind: 'message_received', email: true, push: true });
  });

  it('should refuse a tampered, forged or malformed token and change nothing', async () => {
    const victim = await member('Sara');
    const token = signUnsubscribe(SECRET, { memberId: victim, kinds: ['message_received'], channel: 'email' });
    const [body, signature] = token.split('.') as [string, string];
    const otherBody = Buffer.from(JSON.stringify({ v: 1, m: victim, k: [...new Set(['message_received', 'reservation_made'])], c: 'email' })).toString('base64url');
    const forged = signUnsubscribe('another-secret-that-is-long-enough-0123456789', { memberId: victim, kinds: ['message_received'], channel: 'email' });
    for (const bad of [`${otherBody}.${signature}`, `${body}.${signature.slice(0, -2)}AA`, forged, 'nimportequoi', `${body}.`, `${body}.${signature}.x`]) {
      expect(await refusal(requestRpc(nc, Rpc.messaging.unsubscribe, { token: bad }))).toMatchObject({
        status: 400,
        code: 'UNSUBSCRIBE_LINK_INVALID',
        message: expect.stringContaining('lien de désinscription est invalide'),
      });
    }
    const preferences = await requestRpc<NotificationPreferenceView[]>(nc, Rpc.messaging.notificationPreferences, { userId: victim });
    expect(preferences.every((p) => p.email)).toBe(true);
    expect(await requestRpc<UnsubscribeResult>(nc, Rpc.messaging.unsubscribe, { token })).toEqual({ kinds: ['message_received'], channel: 'email' });
  });
});
