import { randomUUID } from 'node:crypto';
import { PushServiceStandIn, waitFor } from '@hdiya/testing';
import type { BodyOf } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { withDatabase } from '../support/members.js';

// /api/push against the running stack: a device subscribes with the VAPID key the API answers,
// and the messaging service's sender (keys from the test runner) delivers to the tests' push
// service, which checks the signature and decrypts. What causes a push (a notification for a
// member who is away) is the notifications dispatcher's part: until it lands, the push is queued
// here as PushService.enqueue queues it, and the messaging integration tests cover enqueue itself.

let pushService: PushServiceStandIn;
let publicKey: string;

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
  const config = await new ApiClient().call('GET /api/push/config');
  expect(config.status).toBe(200);
  publicKey = config.body.publicKey!;
  expect(publicKey).toMatch(/^B[\w-]{86}$/);
});

afterAll(() => pushService.close());

const devicesOf = (memberId: string) =>
  withDatabase(async (db) => (await db.query(`SELECT "endpoint", "language" FROM messaging.push_subscriptions WHERE "member_id" = $1`, [memberId])).rows);

/** What PushService.enqueue writes for one device (see services/messaging/src/push). */
const queuePush = (endpoint: string, payload: Record<string, unknown>) =>
  withDatabase((db) =>
    db.query(
      `INSERT INTO messaging.push_deliveries ("id", "subscription_id", "payload", "ttl_seconds")
       SELECT $1, "id", $2, 60 FROM messaging.push_subscriptions WHERE "endpoint" = $3`,
      [randomUUID(), JSON.stringify(payload), endpoint],
    ),
  );

describe('push API', () => {
  it('should register this device for the member, deliver pushes to it readable with its keys, and remove it on request', async () => {
    const member = await signedUpMember();
    const phone = pushService.device(publicKey);

    const subscribed = await member.client.call('POST /api/push/subscriptions', { body: { ...phone.subscription, language: 'ar' } });
    expect(subscribed).toMatchObject({ status: 200, body: { subscribed: true } });
    expect(await devicesOf(member.user.id)).toEqual([{ endpoint: phone.endpoint, language: 'ar' }]);

    const payload = { title: 'رسالة جديدة', body: 'هل الطاولة متاحة؟', url: '/messages', lang: 'ar', dir: 'rtl', actions: [] };
    await queuePush(phone.endpoint, payload);
    await pushService.until(() => pushService.pushesTo(phone).length === 1);
    const [push] = pushService.pushesTo(phone);
    expect(push!.problem).toBeNull();
    expect(JSON.parse(push!.text!)).toEqual(payload);

    const removed = await member.client.call('DELETE /api/push/subscriptions', { body: { endpoint: phone.endpoint } });
    expect(removed).toMatchObject({ status: 200, body: { removed: 1 } });
    expect(await devicesOf(member.user.id)).toEqual([]);
  });

  it('should forget a device its push service answers 410 for', async () => {
    const member = await signedUpMember();
    const phone = pushService.device(publicKey);
    expect((await member.client.call('POST /api/push/subscriptions', { body: phone.subscription })).status).toBe(200);
    phone.answerNext(410);
    await queuePush(phone.endpoint, { title: 'x', body: 'y', url: '/', lang: 'fr', dir: 'ltr', actions: [] });
    await waitFor(async () => (await devicesOf(member.user.id)).length === 0, { timeoutMs: 20_000, what: 'the device removed' });
    expect(pushService.pushesTo(phone).map((p) => p.status)).toEqual([410]);
  });

  it('should let only a signed-in member subscribe, and refuse what no browser sends with a French message', async () => {
    const visitor = new ApiClient();
    const device = pushService.device(publicKey);
    expect((await visitor.call('POST /api/push/subscriptions', { body: device.subscription })).status).toBe(401);
    expect((await visitor.call('DELETE /api/push/subscriptions', { body: { endpoint: device.endpoint } })).status).toBe(401);

    const member = await signedUpMember();
    const refused = await member.client.call('POST /api/push/subscriptions', { body: { ...device.subscription, endpoint: 'javascript:alert(1)' } });
    expect(refused).toMatchObject({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION_FAILED', field: 'endpoint', message: "L'adresse d'abonnement aux notifications est invalide." },
    });
    const badKeys = await member.client.call('POST /api/push/subscriptions', { body: { ...device.subscription, keys: { p256dh: 'x', auth: 'y' } } });
    expect(badKeys).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: "Les clés d'abonnement aux notifications sont invalides." } });
    expect((await member.client.call('DELETE /api/push/subscriptions', { body: {} as BodyOf<'DELETE /api/push/subscriptions'> })).status).toBe(400); // no endpoint, on purpose
    expect(await devicesOf(member.user.id)).toEqual([]);
  });
});
