import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { Events, Rpc, type ReceptionConfirmedV1 } from '@hdiya/contracts';
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
    const locked = await victim.client.post('/api/transfer-points', { receiverIdentifier: thief.payload.phone, points: 1 });
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
