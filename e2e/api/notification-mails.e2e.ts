import { io, type Socket } from 'socket.io-client';
import { PushServiceStandIn, testEnv, waitFor } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { linkIn, mailsTo, tokenOf, waitForMails, type CaughtMail } from '../support/mailbox.js';
import { expectBalance, publish, withDatabase } from '../support/members.js';

// Reaching members who are away (decision 0027), on the real stack: the test runner shortens the
// first digest delay to 4 s and the push delay to 1 s. Mails are read from the mail catcher.

const gatewayUrl = testEnv().gatewayUrl;
const sockets: Socket[] = [];

afterAll(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

const isDigest = (mail: CaughtMail) => mail.headers['list-unsubscribe'] !== undefined;
const header = (mail: CaughtMail, name: string) => mail.headers[name.toLowerCase()] ?? mail.headers[name];

type Member = Awaited<ReturnType<typeof signedUpMember>>;

/** A member whose address is verified through the link of the sign-up mail. */
async function verifiedMember(firstName: string): Promise<Member> {
  const member = await signedUpMember({ firstName });
  const [mail] = await waitForMails(member.payload.email as string, { match: (m) => m.text.includes('/verify-email?lang=') });
  expect((await new ApiClient().call('POST /api/verify-email', { body: { token: tokenOf(linkIn(mail!, '/verify-email')) } })).status).toBe(200);
  return member;
}

async function openSocket(member: Member): Promise<void> {
  const socket = io(gatewayUrl, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: gatewayUrl, cookie: `hdiya.sid=${member.client.sessionCookie}` } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The reserver reserves the owner's new item and writes to them three times about it. */
async function reservationAndThreeMessages(owner: Member, reserver: Member, title: string): Promise<void> {
  const item = await publish(owner.client, title);
  expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
  for (const content of ['Bonjour !', 'Je peux passer ce soir ?', 'Vers 19 h']) {
    expect((await reserver.client.call('POST /api/messages', { body: { content, receiverId: owner.user.id, donationId: item.id } })).status).toBe(201);
  }
}

/** The dispatcher has dealt with the member: nothing of theirs is due any more. */
const dispatched = (memberId: string) =>
  waitFor(
    () =>
      withDatabase(async (db) => {
        const { rows } = await db.query(`SELECT "mail_due_at" FROM messaging.dispatch_schedule WHERE "member_id" = $1`, [memberId]);
        return rows.length === 1 && rows[0].mail_due_at === null;
      }),
    { what: `the dispatch of ${memberId}`, timeoutMs: 20_000 },
  );

const digestsInOutbox = (email: string) =>
  withDatabase(async (db) => (await db.query(`SELECT "id" FROM messaging.mail_outbox WHERE "recipient" = $1 AND "kind" = 'notification_digest'`, [email])).rows);

let away: Member;
let digest: CaughtMail;

describe('notification mails', () => {
  it('should mail one digest for a reservation plus three messages to a member who is away, and nothing to one with a page open', async () => {
    const reserver = await signedUpMember({ firstName: 'Karim' });
    await expectBalance(reserver.client, { points: 10 }, 'welcome');
    const [present, absent] = [await verifiedMember('Présente'), await verifiedMember('Absente')];
    await openSocket(present);

    await reservationAndThreeMessages(present, reserver, 'Table basse');
    await reservationAndThreeMessages(absent, reserver, 'Lampe de chevet');

    const [mail] = await waitForMails(absent.payload.email as string, { match: isDigest, timeoutMs: 20_000 });
    expect(mail!.subject).toBe('Hdiya : 2 nouveautés pendant votre absence');
    expect(mail!.text).toContain('Karim');
    expect(mail!.text).toContain('\u2069 a réservé « \u2068Lampe de chevet\u2069 ».');
    expect(mail!.text).toContain('(3 messages non lus)');
    expect(mail!.text).toContain(`${gatewayUrl}/notifications`);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!, 'List-Unsubscribe')).toMatch(new RegExp(`^<${gatewayUrl}/api/unsubscribe\\?token=[\\w-]+\\.[\\w-]+>$`));
    [away, digest] = [absent, mail!];

    // The member whose page was open saw it all there: the dispatcher passed them by.
    await dispatched(present.user.id);
    expect(await digestsInOutbox(present.payload.email as string)).toEqual([]);
    expect((await mailsTo(present.payload.email as string)).filter(isDigest)).toEqual([]);
    expect((await mailsTo(absent.payload.email as string)).filter(isDigest)).toHaveLength(1);
  });

  it('should turn that kind off by the one-click POST of the mail, without a session, and refuse a tampered link', async () => {
    const url = header(digest, 'List-Unsubscribe')!.slice(1, -1);
    // A person following the link gets the web app's confirmation page; the GET changes nothing.
    const followed = await fetch(url, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toMatch(/^\/unsubscribe\?token=/);
    expect((await away.client.call('GET /api/notification-preferences')).body.every((p) => p.email)).toBe(true);

    const tampered = await fetch(url.replace(/\.[\w-]+$/, '.AAAA'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: 400, code: 'UNSUBSCRIBE_LINK_INVALID', message: expect.stringContaining('invalide') });

    // What a mail client sends (RFC 8058): a form body, no cookie, no Origin.
    const oneClick = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ kinds: ['message_received', 'reservation_made'], channel: 'email' });
    const preferences = (await away.client.call('GET /api/notification-preferences')).body;
    expect(preferences).toContainEqual({ kind: 'reservation_made', email: false, push: true });
    expect(preferences).toContainEqual({ kind: 'message_received', email: false, push: true });
    expect(preferences).toContainEqual({ kind: 'waitlist_offer', email: true, push: true });
  });

  it('should send no notification mail to an unverified address', async () => {
    const reserver = await signedUpMember({ firstName: 'Omar' });
    await expectBalance(reserver.client, { points: 10 }, 'welcome');
    const unverified = await signedUpMember({ firstName: 'Nonvérifiée' });
    await reservationAndThreeMessages(unverified, reserver, 'Étagère');
    await dispatched(unverified.user.id);
    expect(await digestsInOutbox(unverified.payload.email as string)).toEqual([]);
  });
});

describe('notification pushes', () => {
  let pushService: PushServiceStandIn;

  beforeAll(async () => {
    pushService = await PushServiceStandIn.start();
  });

  afterAll(() => pushService.close());

  it('should push a new message to the device of a member who is away, in their language, with a reply button', async () => {
    const { body: config } = await new ApiClient().call('GET /api/push/config');
    const member = await signedUpMember({ firstName: 'Salma', language: 'ar' });
    const sender = await signedUpMember({ firstName: 'Youssef' });
    const phone = pushService.device(config.publicKey!);
    expect((await member.client.call('POST /api/push/subscriptions', { body: { ...phone.subscription, language: 'ar' } })).status).toBe(200);

    expect((await sender.client.call('POST /api/messages', { body: { content: 'مرحبا', receiverId: member.user.id } })).status).toBe(201);
    await pushService.until(() => pushService.pushesTo(phone).length === 1);
    const [push] = pushService.pushesTo(phone);
    expect(push!.problem).toBeNull();
    const payload = JSON.parse(push!.text!) as { body: string; url: string; tag: string; actions: { action: string; url: string }[] };
    expect(payload.body).toMatch(/^رسالة جديدة من \u2068Youssef I\.\u2069/);
    expect(payload).toMatchObject({ url: `/messages?with=${sender.user.id}`, tag: `conversation:${sender.user.id}:none`, actions: [{ action: 'reply', url: `/messages?with=${sender.user.id}` }] });
  });
});
