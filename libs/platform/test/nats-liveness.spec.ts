import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as openTcp, createServer, type Server, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import { natsConnectOptions } from '../src/nats/nats-connection.js';

// A server that goes silent without a TCP reset (a host that lost power, a cut link): the
// connection stays open and nothing more arrives. With NATS_LIVENESS a process notices within
// seconds and moves to another server of its list; with the client's defaults it waited minutes.

/** A TCP relay to the test NATS that can go silent: it keeps every socket open and forwards nothing more, new ones included. */
class SilentableLink {
  private silent = false;
  private readonly sockets = new Set<Socket>();
  private constructor(private readonly server: Server) {}

  static async open(target: { host: string; port: number }): Promise<SilentableLink> {
    const server = createServer();
    const link = new SilentableLink(server);
    server.on('connection', (client) => {
      link.sockets.add(client);
      client.on('error', () => undefined);
      if (link.silent) return; // accepted, never answered
      const upstream = openTcp(target.port, target.host);
      link.sockets.add(upstream);
      upstream.on('error', () => undefined);
      client.on('data', (data) => (link.silent ? undefined : upstream.write(data)));
      upstream.on('data', (data) => (link.silent ? undefined : client.write(data)));
      client.on('close', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return link;
  }

  get url(): string {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the relay is not listening');
    return `nats://127.0.0.1:${address.port}`;
  }

  goSilent(): void {
    this.silent = true;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** Milliseconds until `attempt` first succeeds, trying again every 250 ms. */
async function untilItWorks(attempt: () => Promise<unknown>, giveUpMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await attempt();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > giveUpMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const direct = new URL(testEnv().natsUrl);
const subject = `liveness.${randomUUID()}`;
const stream = `LIVENESS_${randomUUID().slice(0, 8)}`;
let link: SilentableLink;
let responder: NatsConnection;
let member: NatsConnection | undefined;

beforeAll(async () => {
  link = await SilentableLink.open({ host: direct.hostname, port: Number(direct.port) });
  responder = await connect({ servers: testEnv().natsUrl });
  responder.subscribe(subject, { callback: (_error, message) => void message.respond('pong') });
  await (await jetstreamManager(responder)).streams.add({ name: stream, subjects: [`${subject}.events`] });
  await responder.flush();
});

afterAll(async () => {
  await member?.close().catch(() => undefined);
  await (await jetstreamManager(responder)).streams.delete(stream).catch(() => undefined);
  await responder.close();
  await link.close();
});

describe('a process whose NATS server goes silent', () => {
  it('should answer and publish through another server of its list within 15 s', async () => {
    // The silent one first in the list (the order is kept for the test only: processes shuffle it).
    member = await connect({ ...natsConnectOptions(`${link.url},${testEnv().natsUrl}`, 'liveness-test'), noRandomize: true });
    expect(member.getServer()).toBe(link.url.replace('nats://', ''));
    const js = jetstream(member);
    await member.request(subject, 'ping', { timeout: 1000 });
    await js.publish(`${subject}.events`, 'before', { timeout: 1000 });

    link.goSilent();
    const [answered, published] = await Promise.all([
      untilItWorks(() => member!.request(subject, 'ping', { timeout: 1000 }), 30_000),
      untilItWorks(() => js.publish(`${subject}.events`, 'after', { timeout: 1000 }), 30_000),
    ]);

    expect(member.getServer()).toBe(`${direct.hostname}:${direct.port}`);
    // The bound: the next request and the next acknowledged publish within 15 s of the cut.
    expect(Math.max(answered, published)).toBeLessThan(15_000);
    const info = await (await jetstreamManager(responder)).streams.info(stream);
    expect(info.state.messages).toBeGreaterThanOrEqual(2);
  });
});
