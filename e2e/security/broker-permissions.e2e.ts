import { randomUUID } from 'node:crypto';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerConfig } from '@nats-io/jetstream';
import { Redis } from 'ioredis';
import { DEAD_LETTERS_STREAM, EVENTS_STREAM, Events, Rpc, eventSubject, type ReceptionConfirmedV1 } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc, RpcFailure, waitFor } from '@hdiya/testing';
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

/** Every durable consumer of the services and the gateway and its filter, as their *.consumer.ts create them. */
const DURABLE_CONSUMERS = [
  { user: 'points', durable: 'points-users', filter: 'events.users.>' },
  { user: 'points', durable: 'points-donations', filter: 'events.donations.>' },
  { user: 'donations', durable: 'donations-members', filter: 'events.users.>' },
  { user: 'donations', durable: 'donations-alerts', filter: 'events.donations.DonationCreated.v1' },
  { user: 'messaging', durable: 'messaging-users', filter: 'events.users.>' },
  { user: 'messaging', durable: 'messaging-donations', filter: 'events.donations.>' },
  { user: 'messaging', durable: 'messaging-points', filter: 'events.points.PointsTransferred.v1' },
  // The gateways end a suspended member's sessions (decision 0057; services/gateway's member-suspensions.consumer.ts).
  { user: 'gateway', durable: 'gateway-member-suspensions', filter: 'events.users.MemberSuspended.v1' },
] as const;

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
    // The subjects older servers and clients use, whose filter the server does not check: refused.
    const body = (filter: string) => json({ stream_name: EVENTS_STREAM, config: consumerConfig('donations-members', filter) });
    for (const subject of ['$JS.API.CONSUMER.CREATE.EVENTS.donations-members', '$JS.API.CONSUMER.DURABLE.CREATE.EVENTS.donations-members']) {
      await expect(donations.request(subject, body('events.messaging.>'), { timeout: 2000 })).rejects.toThrow(denied);
    }
    // The allowed subject with another filter in the body: the server itself refuses the mismatch.
    const mismatch = await donations.request('$JS.API.CONSUMER.CREATE.EVENTS.donations-members.events.users.>', body('events.messaging.>'), { timeout: 2000 });
    expect(mismatch.json<{ error?: { err_code: number } }>().error?.err_code).toBe(10131);
    expect((await jsm.consumers.info(EVENTS_STREAM, 'donations-members')).config.filter_subject).toBe('events.users.>');
  });

  it.each(DURABLE_CONSUMERS)('should still let $user create its consumer $durable on $filter', async ({ user, durable, filter }) => {
    // No $JS.API.INFO for the gateway: its manager skips that check, as the gateway's own does.
    const jsm = await jetstreamManager(await as(user), { checkAPI: false });
    // The services created them at start; creating one again with the same settings is what a restart does.
    const info = await jsm.consumers.add(EVENTS_STREAM, consumerConfig(durable, filter));
    expect(info.config.filter_subject).toBe(filter);
  });
});

// Issue 48 (decision 0068): the runbook's nats commands (docs/operations.md) had no user allowed to
// run them. The operator may inspect and edit the streams, delete EVENTS' consumers and read the
// dead letters, as the nats CLI does it; it may not write events, read EVENTS or drop a stream.

/** The operator's connection, on the CLI's default _INBOX prefix. */
async function asOperator(): Promise<NatsConnection> {
  const nc = await connect({ servers: natsUrl, user: 'operator', pass: passwords.operator });
  opened.push(nc);
  return nc;
}

/** Whether subscribing to `subject` is refused (the server closes the subscription with a permissions violation). */
async function subscribeRefused(nc: NatsConnection, subject: string): Promise<string> {
  const sub = nc.subscribe(subject);
  let timer: NodeJS.Timeout | undefined;
  const stillOpen = new Promise((resolve) => (timer = setTimeout(() => resolve('still open'), 3000)));
  const closed = await Promise.race([sub.closed, stillOpen]);
  clearTimeout(timer);
  return String(closed);
}

describe("the operator's NATS user", () => {
  it('should run nats stream info, nats consumer ls and nats stream edit on EVENTS', async () => {
    const jsm = await jetstreamManager(await asOperator());
    const info = await jsm.streams.info(EVENTS_STREAM);
    expect(info.config.subjects).toEqual(['events.>']);
    expect((await jsm.streams.info(DEAD_LETTERS_STREAM)).config.name).toBe(DEAD_LETTERS_STREAM);
    const durables = (await jsm.consumers.list(EVENTS_STREAM).next()).map((consumer) => consumer.name);
    expect(durables).toEqual(expect.arrayContaining(['points-users', 'messaging-donations']));
    expect((await jsm.consumers.info(EVENTS_STREAM, 'points-users')).config.filter_subject).toBe('events.users.>');
    // `nats stream edit EVENTS --replicas <n>` with the replicas it has: allowed, and a no-op here.
    const edited = await jsm.streams.update(EVENTS_STREAM, { num_replicas: info.config.num_replicas });
    expect(edited.config.num_replicas).toBe(info.config.num_replicas);
  });

  it('should read the dead letters as nats stream get and nats stream view do', async () => {
    const nc = await asOperator();
    const jsm = await jetstreamManager(nc);
    const from = (await jsm.streams.info(DEAD_LETTERS_STREAM)).state.last_seq + 1;
    // A release of the users service publishing an event its consumers' schema refuses: each of
    // them files a dead letter (decision 0032).
    const id = randomUUID();
    const users = await as('users');
    await jetstream(users).publish(
      eventSubject('users.UserUpdated.v1'),
      JSON.stringify({ id, type: 'UserUpdated', version: 1, occurredAt: new Date().toISOString(), payload: { userId: 42, username: null } }),
    );
    await waitFor(async () => (await jsm.streams.info(DEAD_LETTERS_STREAM)).state.last_seq >= from, { what: 'a dead letter', timeoutMs: 20_000 });

    // nats stream get DEAD_LETTERS <seq>
    const letter = await waitFor(async () => {
      const last = (await jsm.streams.info(DEAD_LETTERS_STREAM)).state.last_seq;
      for (let seq = from; seq <= last; seq += 1) {
        const message = await jsm.streams.getMessage(DEAD_LETTERS_STREAM, { seq });
        if (message?.string().includes(id)) return message;
      }
      return undefined;
    }, { what: 'the dead letter of our event', timeoutMs: 20_000 });
    expect(letter.subject).toMatch(/^deadletter\./);

    // nats stream view DEAD_LETTERS (jsm.go's pager): a pull consumer of its own from a sequence,
    // pulled, each message acked, then deleted.
    const pager = `jsm_stream_pager_${id.slice(0, 8)}`;
    await jsm.consumers.add(DEAD_LETTERS_STREAM, { durable_name: pager, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
    const viewed: string[] = [];
    try {
      const batch = await (await jetstream(nc).consumers.get(DEAD_LETTERS_STREAM, pager)).fetch({ max_messages: 25, expires: 2000 });
      for await (const message of batch) {
        viewed.push(message.string());
        message.ack();
      }
    } finally {
      expect(await jsm.consumers.delete(DEAD_LETTERS_STREAM, pager)).toBe(true);
    }
    expect(viewed.some((body) => body.includes(id))).toBe(true);
    // The ordered consumer newer clients page with.
    const ordered = await jetstream(nc).consumers.get(DEAD_LETTERS_STREAM, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: letter.seq });
    expect((await ordered.next({ expires: 2000 }))?.string()).toContain(id);
  });

  it('should not let the operator publish events or dead letters, call commands, read EVENTS, or delete or purge a stream', async () => {
    const nc = await asOperator();
    const forged = createEvent(Events.donations.ReceptionConfirmed, {
      reservationId: randomUUID(), donationId: 2_000_000_000, title: 'Faux', reserverId: randomUUID(), ownerId: randomUUID(),
      confirmedAt: new Date().toISOString(),
    } satisfies ReceptionConfirmedV1);
    await expect(nc.request(forged.subject, json(forged.envelope), { timeout: 2000 })).rejects.toThrow(denied);
    await expect(nc.request('deadletter.points-users', json({}), { timeout: 2000 })).rejects.toThrow(denied);
    await expect(requestRpc(nc, Rpc.points.transfer, {}, 2000)).rejects.toThrow(denied);

    const jsm = await jetstreamManager(nc);
    for (const stream of [EVENTS_STREAM, DEAD_LETTERS_STREAM]) {
      await expect(jsm.streams.purge(stream)).rejects.toThrow(denied);
      await expect(jsm.streams.delete(stream)).rejects.toThrow(denied);
    }
    // EVENTS holds the members' private messages: neither one by one nor through a consumer.
    await expect(jsm.streams.getMessage(EVENTS_STREAM, { seq: 1 })).rejects.toThrow(denied);
    await expect(jsm.consumers.add(EVENTS_STREAM, { durable_name: 'operator-spy', ack_policy: AckPolicy.None, filter_subject: 'events.messaging.>' })).rejects.toThrow(denied);
    for (const subject of ['events.>', '_INBOX_users.>']) expect(await subscribeRefused(nc, subject)).toMatch(denied);
    expect((await jsm.streams.info(EVENTS_STREAM)).state.messages).toBeGreaterThan(0);
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
