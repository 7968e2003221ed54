import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { ensureEventsStream } from '../src/nats/events-stream.js';

// The stream the services create on the (private, single-server) test NATS: on disk, with the
// configured replicas, and never silently weaker than configured.

let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  nc = await connect({ servers: testEnv().natsUrl });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  // Leave a stream behind as the services would create it, for the tests that follow.
  await ensureEventsStream(jsm, { replicas: 1 });
  await nc.close();
});

async function withoutStream(): Promise<void> {
  await jsm.streams.delete(EVENTS_STREAM).catch(() => undefined);
}

describe(ensureEventsStream.name, () => {
  it('should create the events stream in files, with the configured replicas', async () => {
    await withoutStream();
    await ensureEventsStream(jsm, { replicas: 1 });
    const { config } = await jsm.streams.info(EVENTS_STREAM);
    expect(config).toMatchObject({ storage: StorageType.File, num_replicas: 1, subjects: ['events.>'] });
  });

  it('should refuse to start on a single server when three replicas are configured, rather than keep one copy', async () => {
    await withoutStream();
    await expect(ensureEventsStream(jsm, { replicas: 3 })).rejects.toThrow(/replicas|cluster/i);
    await expect(jsm.streams.info(EVENTS_STREAM)).rejects.toThrow(/not found/i);
  });
});
