import { randomUUID } from 'node:crypto';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstreamManager, type ConsumerConfig } from '@nats-io/jetstream';
import { Redis } from 'ioredis';
import { EVENTS_STREAM, Events, Rpc, type ReceptionConfirmedV1 } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc, RpcFailure } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { balanceOf, expectBalance } from '../support/members.js';

// Review finding: services take senderId, role and user ids from the payload, which is right only
// if the gateway alone can send; yet any process reaching NATS could transfer anyone's points or
// mint points with a forged event, and Redis had no password. The end-to-end stack runs on the
// product's broker configuration (deploy/nats/nats-server.conf): these are the attacks a
// compromised pod would try, refused by the broker itself.

const natsUrl = process.env.HDIYA_E2E_NATS_URL!;
const passwords = JSON.parse(process.env.HDIYA_E2E_NATS_PASSWORDS ?? '{}') as Record<string, string>;
const redisUrl = process.env.HDIYA_E2E_REDIS_URL!;
const opened: NatsConnection[] = [];

/** A NATS connection holding one process's credentials, as that process's pod would. */
async function as(user: string): Promise<NatsConnection> {
  const nc = await connect({ servers: natsUrl, user, pass: passwords[user], inboxPrefix: `_INBOX_${user}` });
  opened.push(nc);
  return nc;
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const denied = /permissions? violation/i;

afterAll(async () => {
  for (const nc of opened) await nc.close();
});

describe('NATS credentials and subject permissions', () => {
  it('should refuse an anonymous connection and a wrong password', async () => {
    await expect(connect({ servers: natsUrl, reconnect: false })).rejects.toThrow(/authorization/i);
    await expect(connect({ servers: natsUrl, user: 'gateway', pass: 'devine', reconnect: false })).rejects.toThrow(/authorization/i);
  });

  it("should not let a service's credentials transfer points, or forge another service's event", async () => {
    const victim = await signedUpMember();
    const thief = await signedUpMember();
    await expectBalance(victim.client, { points: 10 }, 'welcome');
    const messaging = await as('messaging');
    const transfer = { senderId: victim.user.id, receiverId: thief.user.id, points: 10, message: null, idempotencyKey: null };
    await expect(requestRpc(messaging, Rpc.points.transfer, transfer, 2000)).rejects.toThrow(denied);

    // A forged gift confirmation would pay the "donor" 10 points.
    const forged = createEvent(Events.donations.ReceptionConfirmed, {
      reservationId: randomUUID(), donationId: 2_000_000_000, title: 'Faux', reserverId: victim.user.id, ownerId: thief.user.id,
      confirmedAt: new Date().toISOString(),
    } satisfies ReceptionConfirmedV1);
    for (const user of ['messaging', 'gateway', 'users']) {
      const nc = await as(user);
      await expect(nc.request(forged.subject, json(forged.envelope), { timeout: 2000 })).rejects.toThrow(denied);
    }
    // Had any got through, the points service would have credited by now, and the victim would count
    // as having received an item. A real transfer through the API proves the service is live and
    // nothing landed: the victim's welcome points are still locked (decision 0019), balances untouched.
    const locked = await victim.client.call('POST /api/transfer-points', { body: { receiverIdentifier: thief.payload.phone, points: 1 } });
    expect(locked.body).toMatchObject({ statusCode: 400, code: 'WELCOME_POINTS_LOCKED' });
    expect(await balanceOf(thief.client)).toMatchObject({ points: 10 });
    expect(await balanceOf(victim.client)).toMatchObject({ points: 10 });
  });

  it('should let only the donations service hold points, and only the gateway call commands', async () => {
    const donations = await as('donations');
    const hold = { reservationId: randomUUID(), donationId: 1, title: 'x', reserverId: randomUUID(), ownerId: randomUUID() };
    // Allowed: the points service answers (here a refusal, that member has no points).
    const answer = await requestRpc(donations, Rpc.points.hold, hold).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(RpcFailure);
    expect((answer as RpcFailure).body).toMatchObject({ code: 'POINTS_INSUFFICIENT' });
    await expect(requestRpc(donations, Rpc.points.transfer, {}, 2000)).rejects.toThrow(denied);
    await expect(requestRpc(donations, Rpc.donations.forceDelete, {}, 2000)).rejects.toThrow(denied);
    const gateway = await as('gateway');
    await expect(requestRpc(gateway, Rpc.points.hold, hold, 2000)).rejects.toThrow(denied);
  });

  it("should not let anyone listen to a service's requests or to another's replies", async () => {
    const gateway = await as('gateway');
    for (const subject of ['users.>', Rpc.users.verifyCredentials, '_INBOX.>', '_INBOX_users.>', 'events.users.>', 'events.>']) {
      const sub = gateway.subscribe(subject);
      let timer: NodeJS.Timeout | undefined;
      const stillOpen = new Promise((resolve) => (timer = setTimeout(() => resolve('still open'), 3000)));
      const closed = await Promise.race([sub.closed, stillOpen]);
      clearTimeout(timer);
      expect(String(closed)).toMatch(denied);
    }
  });
});

// Review finding (round two): JetStream consumer creation accepted any filter
// (`$JS.API.CONSUMER.CREATE.EVENTS.<own durable>.>`), so any service could point one of its own
// durable consumers at `events.messaging.>` and read every private message. Each service may now
// create only its real durable consumers, each on exactly the subjects it consumes (the subject of
// the create request names the filter, and the server refuses a body that says otherwise).

/** The durables PerEventConsumers creates for `inbox`: `<inbox>-<kebab type>-v1` on `events.users.<Type>.v1`. */
function usersEventDurables(user: string, inbox: string, types: string[]): { user: string; durable: string; filter: string }[] {
  return types.map((type) => ({ user, durable: `${inbox}-${type.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase()}-v1`, filter: `events.users.${type}.v1` }));
}

/** Every durable consumer of the services and the gateway and its filter, as their *.consumer.ts create them. */
const DURABLE_CONSUMERS = [
  // The users events, one durable per version a service acts on (decision 0076).
  ...usersEventDurables('points', 'points-users', ['UserRegistered', 'UserUpdated', 'MemberDeleted']),
  { user: 'points', durable: 'points-donations', filter: 'events.donations.>' },
  ...usersEventDurables('donations', 'donations-members', ['UserRegistered', 'UserUpdated', 'EmailVerified', 'MemberSuspended', 'MemberReinstated', 'MemberDeleted']),
  { user: 'donations', durable: 'donations-alerts', filter: 'events.donations.DonationCreated.v1' },
  ...usersEventDurables('messaging', 'messaging-users', ['UserRegistered', 'UserUpdated', 'MemberSuspended', 'MemberReinstated', 'MemberDeleted']),
  { user: 'messaging', durable: 'messaging-donations', filter: 'events.donations.>' },
  { user: 'messaging', durable: 'messaging-points', filter: 'events.points.PointsTransferred.v1' },
  // The gateways end a suspended member's sessions (decision 0057; services/gateway's member-suspensions.consumer.ts).
  { user: 'gateway', durable: 'gateway-member-suspensions', filter: 'events.users.MemberSuspended.v1' },
  // And a deleted member's (decision 0074), on a consumer of its own.
  { user: 'gateway', durable: 'gateway-member-deletions', filter: 'events.users.MemberDeleted.v1' },
];

/** The consumer configuration libs/platform's EventConsumer creates. */
const consumerConfig = (durable: string, filter: string): Partial<ConsumerConfig> => ({
  durable_name: durable,
  filter_subject: filter,
  ack_policy: AckPolicy.Explicit,
  deliver_policy: DeliverPolicy.All,
  ack_wait: nanos(30_000),
  max_deliver: -1,
});

describe('JetStream consumers', () => {
  it("should not let a service point a consumer at the private messages (or any subject it does not consume)", async () => {
    const donations = await as('donations');
    const jsm = await jetstreamManager(donations);
    await expect(jsm.consumers.add(EVENTS_STREAM, consumerConfig('donations-members', 'events.messaging.>'))).rejects.toThrow(denied);
    await expect(jsm.consumers.add(EVENTS_STREAM, consumerConfig('donations-alerts', 'events.>'))).rejects.toThrow(denied);
    await expect(jsm.consumers.add(EVENTS_STREAM, consumerConfig('donations-spy', 'events.messaging.>'))).rejects.toThrow(denied);
    for (const user of ['gateway', 'users']) {
      const other = await jetstreamManager(await as(user)).catch((error: Error) => error);
      if (other instanceof Error) expect(other.message).toMatch(denied);
      else await expect(other.consumers.add(EVENTS_STREAM, consumerConfig('messaging-donations', 'events.messaging.>'))).rejects.toThrow(denied);
    }
    // The users events: only those it acts on, each on its own durable (decision 0076), not the old wide filter.
    const suspended = 'donations-members-member-suspended-v1';
    await expect(jsm.consumers.add(EVENTS_STREAM, consumerConfig('donations-members', 'events.users.>'))).rejects.toThrow(denied);
    await expect(jsm.consumers.add(EVENTS_STREAM, consumerConfig(suspended, 'events.users.>'))).rejects.toThrow(denied);
    await expect(jsm.consumers.add(EVENTS_STREAM, consumerConfig(suspended, 'events.users.UserUpdated.v1'))).rejects.toThrow(denied);
    // The subjects older servers and clients use, whose filter the server does not check: refused.
    const body = (filter: string) => json({ stream_name: EVENTS_STREAM, config: consumerConfig(suspended, filter) });
    for (const subject of [`$JS.API.CONSUMER.CREATE.EVENTS.${suspended}`, `$JS.API.CONSUMER.DURABLE.CREATE.EVENTS.${suspended}`]) {
      await expect(donations.request(subject, body('events.messaging.>'), { timeout: 2000 })).rejects.toThrow(denied);
    }
    // The allowed subject with another filter in the body: the server itself refuses the mismatch.
    const mismatch = await donations.request(`$JS.API.CONSUMER.CREATE.EVENTS.${suspended}.events.users.MemberSuspended.v1`, body('events.messaging.>'), { timeout: 2000 });
    expect(mismatch.json<{ error?: { err_code: number } }>().error?.err_code).toBe(10131);
    expect((await jsm.consumers.info(EVENTS_STREAM, suspended)).config.filter_subject).toBe('events.users.MemberSuspended.v1');
  });

  it.each(DURABLE_CONSUMERS)('should still let $user create its consumer $durable on $filter', async ({ user, durable, filter }) => {
    // No $JS.API.INFO for the gateway: its manager skips that check, as the gateway's own does.
    const jsm = await jetstreamManager(await as(user), { checkAPI: false });
    // The services created them at start; creating one again with the same settings is what a restart does.
    const info = await jsm.consumers.add(EVENTS_STREAM, consumerConfig(durable, filter));
    expect(info.config.filter_subject).toBe(filter);
  });
});

describe('Redis', () => {
  it('should refuse a client without the password', async () => {
    const url = new URL(redisUrl);
    url.password = '';
    const client = new Redis(url.toString(), { retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    await expect(client.ping()).rejects.toThrow(/NOAUTH/);
    client.disconnect();
  });
});
