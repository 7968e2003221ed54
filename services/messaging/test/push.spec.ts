import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { Rpc, type PushConfigView } from '@hdiya/contracts';
import { metricsRegistry } from '@hdiya/platform';
import { PushServiceStandIn, requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv, type TestPushDevice } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';
import type { PushMessage } from '../src/push/push-message.js';
import { topicOf } from '../src/push/push-topic.js';
import { PushService } from '../src/push/push.service.js';

let app: INestMicroservice;
let nc: NatsConnection;
let dataSource: DataSource;
let pushService: PushServiceStandIn;
const vapid = webpush.generateVAPIDKeys();

const subscribe = (userId: string, device: TestPushDevice, language: 'fr' | 'ar' = 'fr') =>
  requestRpc<{ subscribed: true }>(nc, Rpc.messaging.pushSubscribe, { userId, subscription: { ...device.subscription, language } });
const unsubscribe = (userId: string, endpoint: string) => requestRpc<{ removed: number }>(nc, Rpc.messaging.pushUnsubscribe, { userId, endpoint });

/** Queues a push as the notifications dispatcher does: inside its own transaction. */
const enqueue = (memberId: string, message: PushMessage) =>
  dataSource.transaction((manager) => app.get(PushService).enqueue(manager, memberId, message));

async function devicesOf(memberId: string): Promise<string[]> {
  const rows = (await dataSource.query(`SELECT "endpoint" FROM messaging.push_subscriptions WHERE "member_id" = $1 ORDER BY "created_at"`, [memberId])) as {
    endpoint: string;
  }[];
  return rows.map((row) => row.endpoint);
}

const pendingFor = async (device: TestPushDevice) =>
  ((await dataSource.query(
    `SELECT d."attempts", d."failed_at", d."last_error" FROM messaging.push_deliveries d JOIN messaging.push_subscriptions s ON s.id = d.subscription_id WHERE s.endpoint = $1`,
    [device.endpoint],
  )) as { attempts: number; failed_at: Date | null; last_error: string | null }[]);

async function refusal(promise: Promise<unknown>): Promise<RpcFailure['body']> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const counter = async (outcome: string) => {
  const metric = await metricsRegistry.getSingleMetric('hdiya_push_deliveries_total')?.get();
  return metric?.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
};

const message: PushMessage = {
  title: 'Karim vous a écrit',
  body: 'Bonjour, la lampe est-elle toujours disponible ?',
  url: '/messages/karim',
  tag: 'conversation:karim:42',
  lang: 'fr',
  actions: [
    { action: 'reply', title: 'Répondre' },
    { action: 'view', title: "Voir l'objet" },
  ],
  replyUrl: '/messages/karim?donation=42',
  viewUrl: '/donations/42',
};

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
  const config = loadMessagingConfig({
    NODE_ENV: 'test',
    ...testServiceEnv('messaging'),
    LOG_LEVEL: 'error',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:equipe@hdiya.test',
    PUSH_POLL_INTERVAL_MS: '50',
    PUSH_RETRY_BASE_MS: '10',
    PUSH_MAX_ATTEMPTS: '3',
    PUSH_TTL_SECONDS: '3600',
  });
  ({ app, nc } = await startTestService('messaging', AppModule.register(config), 'messaging-push-test'));
  dataSource = app.get(DataSource);
});

afterAll(async () => {
  await stopTestService({ app, nc });
  await pushService.close();
});

describe('web push delivery', () => {
  it('should deliver one push to each device of the member, signed with our VAPID key and readable only with the device keys', async () => {
    const amina = randomUUID();
    const phone = pushService.device(vapid.publicKey);
    const laptop = pushService.device(vapid.publicKey);
    await subscribe(amina, phone);
    await subscribe(amina, laptop);

    await enqueue(amina, message);
    await pushService.until(() => pushService.pushesTo(phone).length === 1 && pushService.pushesTo(laptop).length === 1);

    for (const device of [phone, laptop]) {
      const [push] = pushService.pushesTo(device);
      expect(push!.problem).toBeNull();
      expect(push!.vapid).toMatchObject({ aud: pushService.origin, sub: 'mailto:equipe@hdiya.test' });
      expect(push!.headers).toEqual({ ttl: '3600', topic: topicOf('conversation:karim:42'), urgency: 'normal', contentEncoding: 'aes128gcm' });
      expect(JSON.parse(push!.text!)).toEqual({
        title: 'Karim vous a écrit',
        body: 'Bonjour, la lampe est-elle toujours disponible ?',
        url: '/messages/karim',
        tag: 'conversation:karim:42',
        lang: 'fr',
        dir: 'ltr',
        actions: [
          { action: 'reply', title: 'Répondre', url: '/messages/karim?donation=42' },
          { action: 'view', title: "Voir l'objet", url: '/donations/42' },
        ],
      });
    }
    // Delivered pushes leave the queue.
    await until(async () => (await pendingFor(phone)).length === 0 && (await pendingFor(laptop)).length === 0, 'deliveries removed');
  });

  it('should send the text in Arabic, right to left, and never a link to another site', async () => {
    const youssef = randomUUID();
    const phone = pushService.device(vapid.publicKey);
    await subscribe(youssef, phone, 'ar');
    await enqueue(youssef, {
      title: 'رسالة جديدة من كريم',
      body: 'هل المصباح ما زال متاحا؟',
      url: 'https://evil.example/phish',
      lang: 'ar',
      actions: [{ action: 'reply', title: 'الرد' }],
      replyUrl: '//evil.example/',
    });
    await pushService.until(() => pushService.pushesTo(phone).length === 1);
    const [push] = pushService.pushesTo(phone);
    expect(push!.problem).toBeNull();
    expect(push!.headers.topic).toBeUndefined();
    expect(JSON.parse(push!.text!)).toEqual({
      title: 'رسالة جديدة من كريم',
      body: 'هل المصباح ما زال متاحا؟',
      url: '/',
      lang: 'ar',
      dir: 'rtl',
      actions: [{ action: 'reply', title: 'الرد', url: '/' }],
    });
  });

  it('should queue nothing when the cause rolls back, and keep only the newest push of a conversation not yet sent', async () => {
    const salma = randomUUID();
    const phone = pushService.device(vapid.publicKey);
    await subscribe(salma, phone);
    await dataSource
      .transaction(async (manager) => {
        await app.get(PushService).enqueue(manager, salma, { ...message, body: 'rolled back' });
        throw new Error('the cause failed');
      })
      .catch(() => undefined);
    await dataSource.transaction(async (manager) => {
      await app.get(PushService).enqueue(manager, salma, { ...message, body: 'premier' });
      await app.get(PushService).enqueue(manager, salma, { ...message, body: 'second' });
      await app.get(PushService).enqueue(manager, salma, { ...message, tag: 'conversation:other:1', body: 'autre conversation' });
    });
    await pushService.until(() => pushService.pushesTo(phone).length === 2);
    const bodies = pushService.pushesTo(phone).map((push) => (JSON.parse(push.text!) as { body: string }).body);
    expect(bodies.sort()).toEqual(['autre conversation', 'second']);
  });

  it('should remove a device the push service answers 410 or 404 for, with what was queued for it', async () => {
    const nadia = randomUUID();
    const gone = pushService.device(vapid.publicKey);
    const forgotten = pushService.device(vapid.publicKey);
    const kept = pushService.device(vapid.publicKey);
    for (const device of [gone, forgotten, kept]) await subscribe(nadia, device);
    gone.answerNext(410);
    forgotten.answerNext(404);
    const goneBefore = await counter('gone');

    await enqueue(nadia, message);
    await pushService.until(() => [gone, forgotten, kept].every((device) => pushService.pushesTo(device).length === 1));
    await until(async () => (await devicesOf(nadia)).length === 1, 'the two forgotten devices removed');
    expect(await devicesOf(nadia)).toEqual([kept.endpoint]);
    expect(await counter('gone')).toBe(goneBefore + 2);

    // The next push reaches the device left, and only it.
    await enqueue(nadia, { ...message, body: 'encore' });
    await pushService.until(() => pushService.pushesTo(kept).length === 2);
    expect(pushService.pushesTo(gone)).toHaveLength(1);
    expect(pushService.pushesTo(forgotten)).toHaveLength(1);
  });

  it('should retry a push the push service fails, then deliver it', async () => {
    const omar = randomUUID();
    const phone = pushService.device(vapid.publicKey);
    await subscribe(omar, phone);
    phone.answerNext(500, 503);
    const retriedBefore = await counter('retried');

    await enqueue(omar, message);
    await pushService.until(() => pushService.pushesTo(phone).length === 3);
    expect(pushService.pushesTo(phone).map((push) => push.status)).toEqual([500, 503, 201]);
    const texts = new Set(pushService.pushesTo(phone).map((push) => push.text));
    expect(texts.size).toBe(1); // the same push each time
    await until(async () => (await pendingFor(phone)).length === 0, 'delivery removed');
    expect(await devicesOf(omar)).toEqual([phone.endpoint]);
    expect(await counter('retried')).toBe(retriedBefore + 2);
  });

  it('should be refused by a push service when signed with another key than the device subscribed with', async () => {
    const member = randomUUID();
    const stranger = pushService.device(webpush.generateVAPIDKeys().publicKey);
    await subscribe(member, stranger);
    await enqueue(member, message);
    await pushService.until(() => pushService.pushesTo(stranger).length === 1);
    expect(pushService.pushesTo(stranger)[0]).toMatchObject({ status: 400, problem: 'VAPID key is not the one the device subscribed with', text: null });
  });

  it('should give a push up after PUSH_MAX_ATTEMPTS failures and keep the device', async () => {
    const hind = randomUUID();
    const phone = pushService.device(vapid.publicKey);
    await subscribe(hind, phone);
    phone.answerNext(500, 500, 500, 500);

    await enqueue(hind, message);
    await until(async () => (await pendingFor(phone))[0]?.failed_at != null, 'delivery given up');
    const [row] = await pendingFor(phone);
    expect(row).toMatchObject({ attempts: 3, last_error: 'push service answered 500' });
    expect(pushService.pushesTo(phone)).toHaveLength(3);
    expect(await devicesOf(hind)).toEqual([phone.endpoint]);
  });
});

describe('push subscriptions', () => {
  it('should answer the VAPID public key browsers subscribe with', async () => {
    expect(await requestRpc<PushConfigView>(nc, Rpc.messaging.pushConfig, {})).toEqual({ publicKey: vapid.publicKey });
  });

  it('should move a device to the member who subscribes it last, dropping what was queued for the other', async () => {
    const first = randomUUID();
    const second = randomUUID();
    const shared = pushService.device(vapid.publicKey);
    await subscribe(first, shared);
    await subscribe(second, shared, 'ar');
    expect(await devicesOf(first)).toEqual([]);
    expect(await devicesOf(second)).toEqual([shared.endpoint]);
    const [row] = (await dataSource.query(`SELECT "language" FROM messaging.push_subscriptions WHERE "endpoint" = $1`, [shared.endpoint])) as { language: string }[];
    expect(row!.language).toBe('ar');
    // The first member's pushes no longer reach it.
    await enqueue(first, message);
    expect(await pendingFor(shared)).toEqual([]);
  });

  it('should keep at most 20 devices per member, the newest', async () => {
    const member = randomUUID();
    const devices = Array.from({ length: 21 }, () => pushService.device(vapid.publicKey));
    for (const device of devices) await subscribe(member, device);
    const kept = await devicesOf(member);
    expect(kept).toHaveLength(20);
    expect(kept).not.toContain(devices[0]!.endpoint);
    expect(kept).toContain(devices[20]!.endpoint);
  });

  it("should remove only the member's own device", async () => {
    const owner = randomUUID();
    const other = randomUUID();
    const phone = pushService.device(vapid.publicKey);
    await subscribe(owner, phone);
    expect(await unsubscribe(other, phone.endpoint)).toEqual({ removed: 0 });
    expect(await devicesOf(owner)).toEqual([phone.endpoint]);
    expect(await unsubscribe(owner, phone.endpoint)).toEqual({ removed: 1 });
    expect(await devicesOf(owner)).toEqual([]);
  });

  it('should refuse endpoints and keys no browser gives, in French', async () => {
    const member = randomUUID();
    const device = pushService.device(vapid.publicKey);
    const bad = (subscription: Record<string, unknown>) =>
      refusal(requestRpc(nc, Rpc.messaging.pushSubscribe, { userId: member, subscription: { ...device.subscription, ...subscription } }));
    expect(await bad({ endpoint: 'http://push.example.com/x' })).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'endpoint',
      message: "L'adresse d'abonnement aux notifications est invalide.",
    });
    expect(await bad({ endpoint: 'ftp://push.example.com/x' })).toMatchObject({ status: 400, field: 'endpoint' });
    expect(await bad({ keys: { p256dh: 'abc', auth: device.subscription.keys.auth } })).toMatchObject({
      status: 400,
      message: "Les clés d'abonnement aux notifications sont invalides.",
    });
    expect(await bad({ keys: { p256dh: device.subscription.keys.p256dh, auth: 'short' } })).toMatchObject({ status: 400 });
    expect(await bad({ language: 'en' })).toMatchObject({ status: 400, message: 'La langue doit être fr ou ar.' });
    expect(await devicesOf(member)).toEqual([]);
  });
});
