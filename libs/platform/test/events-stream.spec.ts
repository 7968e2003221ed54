import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { testEnv } from '@hdiya/testing';
import { eventsStreamConfig, type EventsStreamSettings } from '../src/nats/events-stream-config.js';
import { ensureStream } from '../src/nats/events-stream.js';

// The stream the services create on the (private, single-server) test NATS: on disk, with the
// configured replicas, and never silently weaker than configured. Tried on a stream of its own
// name and subjects: other projects' integration tests use the events stream at the same time.
const PROBE = 'EVENTS_STREAM_PROBE';
const probeConfig = (settings: EventsStreamSettings) => ({ ...eventsStreamConfig(settings), name: PROBE, subjects: ['events-stream-probe.>'] });

let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  nc = await connect({ servers: testEnv().natsUrl });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  await withoutStream();
  await nc.close();
});

async function withoutStream(): Promise<void> {
  await jsm.streams.delete(PROBE).catch(() => undefined);
}

describe('the events stream', () => {
  it('should create the events stream in files, with the configured replicas', async () => {
    await withoutStream();
    await ensureStream(jsm, probeConfig({ replicas: 1, deadLettersMaxAgeDays: 30 }));
    const { config } = await jsm.streams.info(PROBE);
    expect(config).toMatchObject({ storage: StorageType.File, num_replicas: 1 });
  });

  it('should refuse to start on a single server when three replicas are configured, rather than keep one copy', async () => {
    await withoutStream();
    await expect(ensureStream(jsm, probeConfig({ replicas: 3, deadLettersMaxAgeDays: 30 }))).rejects.toThrow(/replicas|cluster/i);
    await expect(jsm.streams.info(PROBE)).rejects.toThrow(/not found/i);
  });

  it('should leave an existing stream as it is and answer its own settings, which a service then compares (DEAD_LETTERS_MAX_AGE_DAYS)', async () => {
    await withoutStream();
    const day = 24 * 60 * 60 * 1000;
    await ensureStream(jsm, { ...probeConfig({ replicas: 1, deadLettersMaxAgeDays: 30 }), max_age: nanos(30 * day) });
    const kept = await ensureStream(jsm, { ...probeConfig({ replicas: 1, deadLettersMaxAgeDays: 7 }), max_age: nanos(7 * day) });
    expect(kept.max_age).toBe(nanos(30 * day));
    expect((await jsm.streams.info(PROBE)).config.max_age).toBe(nanos(30 * day));
  });
});
