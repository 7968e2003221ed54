import { PushServiceStandIn, waitFor } from '@hdiya/testing';
import type { NotificationView } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { mailsTo, type CaughtMail } from '../support/mailbox.js';
import { expectBalance, verifyAddress, withDatabase } from '../support/members.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// A donor is told that people asked (issue 46, docs/product.md#request-window): each request in a
// window renews one notice per item ("3 personnes ont demandé « … »"), in the bell, by push and in
// the digest; the close of the window reminds them, once, to choose; the notification settings
// turn it off like any other kind. The test runner shortens the digest's first delay to 4 s, its
// interval to a minute and the push delay to 1 s.

type Member = Awaited<ReturnType<typeof signedUpMember>>;
const HOUR = 60 * 60 * 1000;

let photo: string;
let pushService: PushServiceStandIn;
beforeAll(async () => {
  photo = dataUrl(await jpegWithGps(320, 240));
  pushService = await PushServiceStandIn.start();
});
afterAll(() => pushService.close());

async function publishWindow(client: ApiClient, title: string) {
  const closesAt = new Date(Date.now() + 3 * HOUR).toISOString();
  const res = await client.call('POST /api/donations', {
    body: { title, description: 'Très bon état.', categoryId: 8, city: 'Rabat', imageUrl: photo, allocation: { mode: 'choose', closesAt } },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A member who may ask (welcome points in, address verified), named so the notice can be read. */
async function asker(firstName: string): Promise<Member> {
  const member = await signedUpMember({ firstName, lastName: 'Alaoui' });
  await expectBalance(member.client, { points: 10 }, 'welcome');
  await verifyAddress(member);
  return member;
}

/** A donor with a verified address (digests go only there) and a phone subscribed to pushes. */
async function donorWithPhone(): Promise<{ donor: Member; phone: ReturnType<PushServiceStandIn['device']> }> {
  const donor = await signedUpMember({ firstName: 'Nadia' });
  await verifyAddress(donor);
  const { body: config } = await new ApiClient().call('GET /api/push/config');
  const phone = pushService.device(config.publicKey!);
  expect((await donor.client.call('POST /api/push/subscriptions', { body: { ...phone.subscription, language: 'fr' } })).status).toBe(200);
  return { donor, phone };
}

const ask = (client: ApiClient, id: number) => client.call('POST /api/donations/{id}/requests', { params: { id }, body: { message: 'Bonjour, je peux passer ce soir.' } });

const noticesAbout = async (client: ApiClient, kind: NotificationView['kind'], donationId: number) =>
  (await client.call('GET /api/notifications')).body.filter((n) => n.kind === kind && 'donationId' in n.params && n.params.donationId === donationId);

/** Waits until the member has exactly one notice of that kind about the donation, matching `check`. */
const oneNotice = (client: ApiClient, kind: NotificationView['kind'], donationId: number, check: (n: NotificationView) => boolean, what: string) =>
  waitFor(
    async () => {
      const found = await noticesAbout(client, kind, donationId);
      return found.length === 1 && check(found[0]!) ? found[0]! : false;
    },
    { what, timeoutMs: 20_000 },
  );

const isDigest = (mail: CaughtMail) => mail.headers['list-unsubscribe'] !== undefined;
const pushBodies = (phone: ReturnType<PushServiceStandIn['device']>) => pushService.pushesTo(phone).map((push) => JSON.parse(push.text!) as { body: string; tag: string; url: string });

/** The dispatcher has dealt with the member: nothing of theirs is due any more. */
const dispatched = (memberId: string) =>
  waitFor(
    () =>
      withDatabase(async (db) => {
        const { rows } = await db.query(`SELECT "mail_due_at", "push_due_at" FROM messaging.dispatch_schedule WHERE "member_id" = $1`, [memberId]);
        return rows.length === 1 && rows[0].mail_due_at === null && rows[0].push_due_at === null;
      }),
    { what: `the dispatch of ${memberId}`, timeoutMs: 20_000 },
  );

describe('the donor told of each request', () => {
  it('should keep one notice per item that counts the askers, pushed and mailed as one line, and remind once at the close', async () => {
    const { donor, phone } = await donorWithPhone();
    const [amina, karim, salma] = [await asker('Amina'), await asker('Karim'), await asker('Salma')];
    const title = 'Table pliante';
    const item = await publishWindow(donor.client, title);

    // The first request: the asker's name.
    expect((await ask(amina.client, item.id)).status).toBe(201);
    const first = await oneNotice(donor.client, 'request_received', item.id, (n) => n.kind === 'request_received' && n.params.count === 1, 'the first request notice');
    expect(first.params).toMatchObject({ title, askerName: 'Amina A.', count: 1 });

    // Two more: still one line, now counting three.
    for (const member of [karim, salma]) expect((await ask(member.client, item.id)).status).toBe(201);
    await oneNotice(donor.client, 'request_received', item.id, (n) => n.kind === 'request_received' && n.params.count === 3, 'one notice counting three requests');
    expect((await donor.client.call('GET /api/notifications/unread-counts')).body).toMatchObject({ notifications: 1 });

    // Pushed on the donor's phone as one notification of the item, the last one counting three.
    await pushService.until(() => pushBodies(phone).some((push) => push.body.includes(`3 personnes ont demandé « \u2068${title}\u2069 ».`)), 30_000);
    expect(new Set(pushBodies(phone).map((push) => push.tag))).toEqual(new Set([`donation:${item.id}`]));
    expect(pushBodies(phone).every((push) => push.url === `/donations/${item.id}`)).toBe(true);

    // Mailed in a digest, never one line per request.
    const digests = await waitFor(
      async () => {
        const found = (await mailsTo(donor.payload.email as string)).filter(isDigest);
        return found.some((mail) => mail.text.includes(`3 personnes ont demandé « \u2068${title}\u2069 ».`)) ? found : false;
      },
      { what: 'a digest counting three requests', timeoutMs: 90_000, intervalMs: 500 },
    );
    for (const mail of digests) expect(mail.text.split(`\u2068${title}\u2069`).length - 1).toBe(1);

    // The window closes: the donor is reminded once to choose, the draw a day later.
    await withDatabase((db) => db.query(`UPDATE donations.donations SET requests_close_at = now() - interval '1 minute' WHERE id = $1`, [item.id]));
    const reminder = await oneNotice(donor.client, 'request_window_closed', item.id, () => true, 'the close reminder');
    expect(reminder.params).toMatchObject({ title, count: 3 });
    if (reminder.kind === 'request_window_closed') expect(Date.parse(reminder.params.drawAt)).toBeGreaterThan(Date.now() + 23 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await noticesAbout(donor.client, 'request_window_closed', item.id)).toHaveLength(1);
    await pushService.until(() => pushBodies(phone).some((push) => push.body.startsWith(`Demandes closes pour « \u2068${title}\u2069 » (3 demandes)`)), 30_000);

    // Choosing leaves nothing to choose: the donor's request notices of the item are read.
    const { body: requests } = await donor.client.call('GET /api/donations/{id}/requests', { params: { id: item.id } });
    const chosen = await donor.client.call('POST /api/donations/{id}/requests/{requestId}/choose', { params: { id: item.id, requestId: (requests as { requests: { id: string }[] }).requests[0]!.id } });
    expect(chosen.status).toBe(200);
    await waitFor(
      async () => [...(await noticesAbout(donor.client, 'request_received', item.id)), ...(await noticesAbout(donor.client, 'request_window_closed', item.id))].every((n) => n.read),
      { what: 'the request notices read once the donor chose', timeoutMs: 20_000 },
    );
  });

  it('should leave the notice in the bell but send neither push nor mail once the donor turns the kind off', async () => {
    const { donor, phone } = await donorWithPhone();
    const defaults = (await donor.client.call('GET /api/notification-preferences')).body;
    expect(defaults).toContainEqual({ kind: 'request_received', email: true, push: true });
    expect(defaults).toContainEqual({ kind: 'request_window_closed', email: true, push: true });
    const off = await donor.client.call('PUT /api/notification-preferences', { body: { preferences: [{ kind: 'request_received', email: false, push: false }] } });
    expect(off.status).toBe(200);
    expect(off.body).toContainEqual({ kind: 'request_received', email: false, push: false });

    const member = await asker('Youssef');
    const item = await publishWindow(donor.client, 'Chaise haute');
    expect((await ask(member.client, item.id)).status).toBe(201);
    await oneNotice(donor.client, 'request_received', item.id, (n) => n.kind === 'request_received' && n.params.askerName === 'Youssef A.', 'the notice in the bell');

    // Past the push delay and the digest's first delay, the dispatcher passed the donor by.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await dispatched(donor.user.id);
    expect(pushService.pushesTo(phone)).toEqual([]);
    expect((await mailsTo(donor.payload.email as string)).filter(isDigest)).toEqual([]);
  });
});
