import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EVENTS_STREAM, type MemberReinstatedV1, type OutgoingEvent } from '@hdiya/contracts';
import { createEvent } from '../src/events/create-event.js';
import { adminDatabaseUrl, testEnv, waitFor } from '@hdiya/testing';
import { connectEventBus, type EventBus } from '../src/nats/events-stream.js';
import { appendToOutbox } from '../src/outbox/outbox.js';
import { OutboxRelay } from '../src/outbox/outbox-relay.js';
import { createOutboxTableV1 } from '../src/database/messaging-tables.js';
import { createScratchSchema, dropScratchSchema } from './platform-fixtures.js';

const SCHEMA = 'relay_it';
const logger = new Logger('relay-test');
logger.warn = () => undefined; // expected failures are asserted, not printed

let dataSource: DataSource;
let bus: EventBus;

/** A fresh event on a subject of its own, so assertions never see another test's messages. */
function uniqueEvent(): OutgoingEvent<MemberReinstatedV1> {
  const event = createEvent('users.MemberReinstated.v1', { memberId: randomUUID(), suspensionId: randomUUID(), reinstatedAt: new Date().toISOString() });
  return { ...event, subject: `events.relaytest.${event.envelope.id}` };
}

async function storedCount(subject: string): Promise<number> {
  const info = await bus.jsm.streams.info(EVENTS_STREAM, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}

async function commitEvents(events: OutgoingEvent[]): Promise<void> {
  await dataSource.transaction((manager) => appendToOutbox(manager, SCHEMA, events));
}

const relays: OutboxRelay[] = [];

function newRelay(js = bus.js, claimWindow?: number): OutboxRelay {
  const relay = new OutboxRelay({ databaseUrl: adminDatabaseUrl(), schema: SCHEMA, js, logger, pollIntervalMs: 200, claimWindow });
  relays.push(relay);
  return relay;
}

// A test that fails midway leaves no relay polling (its timers would keep jest from exiting); one
// stopped already refuses a second stop, which is fine here.
afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop().catch(() => undefined)));
});

beforeAll(async () => {
  dataSource = await createScratchSchema(SCHEMA, createOutboxTableV1(SCHEMA));
  bus = await connectEventBus(testEnv().natsUrl, 'relay-test');
});

afterAll(async () => {
  await dropScratchSchema(dataSource, SCHEMA);
  await bus.nc.close();
});

describe(OutboxRelay.name, () => {
  it('should publish an event only once its transaction has committed', async () => {
    const relay = newRelay();
    await relay.start();
    const event = uniqueEvent();
    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await appendToOutbox(runner.manager, SCHEMA, [event]);
      expect(await relay.drain()).toBe(0);
      expect(await storedCount(event.subject)).toBe(0);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    await waitFor(async () => (await storedCount(event.subject)) === 1, { what: 'the committed event' });
    const stored = await bus.jsm.streams.getMessage(EVENTS_STREAM, { last_by_subj: event.subject });
    expect(stored?.header.get('Nats-Msg-Id')).toBe(event.envelope.id);
    expect(stored?.json()).toEqual(event.envelope);
    await relay.stop();
  });

  it('should publish nothing for a rolled-back transaction', async () => {
    const relay = newRelay();
    const event = uniqueEvent();
    await expect(
      dataSource.transaction(async (manager) => {
        await appendToOutbox(manager, SCHEMA, [event]);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await relay.start();
    await relay.drain();
    expect(await storedCount(event.subject)).toBe(0);
    await relay.stop();
  });

  it('should lose nothing while the relay is down, including a row a crashed relay had claimed', async () => {
    const events = Array.from({ length: 5 }, uniqueEvent);
    await commitEvents(events);
    // A relay that claimed this row then died: its lease has run out.
    await dataSource.query(`UPDATE "${SCHEMA}"."outbox" SET claimed_until = now() - interval '1 second' WHERE id = $1`, [
      events[0]!.envelope.id,
    ]);
    const relay = newRelay();
    await relay.start();
    for (const event of events) {
      await waitFor(async () => (await storedCount(event.subject)) === 1, { what: event.subject });
    }
    // The relay marks a batch published once JetStream has acknowledged it: a moment after it is stored.
    const unpublished = async () => ((await dataSource.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."outbox" WHERE published_at IS NULL`)) as { n: number }[])[0]!.n;
    await waitFor(async () => (await unpublished()) === 0, { what: 'every row marked published' });
    await relay.stop();
  });

  it('should publish a row whose transaction committed after rows far ahead of it were published', async () => {
    // A window of 2 positions: the claims between full ones start past the late row.
    const relay = newRelay(bus.js, 2);
    await relay.start();
    const late = uniqueEvent();
    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await appendToOutbox(runner.manager, SCHEMA, [late]); // takes its position now
      const ahead = Array.from({ length: 5 }, uniqueEvent);
      for (const event of ahead) await commitEvents([event]);
      for (const event of ahead) await waitFor(async () => (await storedCount(event.subject)) === 1, { what: event.subject });
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    await waitFor(async () => (await storedCount(late.subject)) === 1, { what: 'the late row, by a full claim' });
    await relay.stop();
  });

  it('should store a row published twice only once (crash between publish and mark)', async () => {
    const first = newRelay();
    const event = uniqueEvent();
    await commitEvents([event]);
    await first.start();
    await waitFor(async () => (await storedCount(event.subject)) === 1, { what: 'the first publish' });
    await first.stop();
    // As if the first relay had died before marking it: unpublished, its lease run out.
    await dataSource.query(`UPDATE "${SCHEMA}"."outbox" SET published_at = NULL, claimed_until = now() - interval '1 second' WHERE id = $1`, [event.envelope.id]);
    const second = newRelay();
    await second.start();
    await waitFor(async () => ((await dataSource.query(`SELECT published_at FROM "${SCHEMA}"."outbox" WHERE id = $1`, [event.envelope.id])) as { published_at: Date | null }[])[0]!.published_at !== null, {
      what: 'the row published again and marked',
    });
    expect(await storedCount(event.subject)).toBe(1);
  });

  it('should publish a batch in outbox order', async () => {
    const events = Array.from({ length: 20 }, uniqueEvent);
    await commitEvents(events);
    const relay = newRelay();
    await relay.start();
    await waitFor(async () => (await storedCount(events.at(-1)!.subject)) === 1, { what: 'the last event' });
    const sequences = await Promise.all(events.map(async (event) => (await bus.jsm.streams.getMessage(EVENTS_STREAM, { last_by_subj: event.subject }))!.seq));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });

  it('should keep a row whose publish failed and retry it later', async () => {
    const event = uniqueEvent();
    // No stream listens on this subject: JetStream refuses the publish.
    const unroutable = { ...event, subject: `nostream.${event.envelope.id}` };
    await commitEvents([unroutable]);
    const relay = newRelay();
    await relay.start();
    await waitFor(async () => {
      const [row] = await dataSource.query(`SELECT attempts, last_error, published_at FROM "${SCHEMA}"."outbox" WHERE id = $1`, [
        event.envelope.id,
      ]);
      return row.attempts >= 1 && row.last_error !== null ? row : false;
    });
    const [row] = await dataSource.query(`SELECT published_at, next_attempt_at > now() AS later FROM "${SCHEMA}"."outbox" WHERE id = $1`, [
      event.envelope.id,
    ]);
    expect(row).toEqual({ published_at: null, later: true });
    await relay.stop();
    await dataSource.query(`DELETE FROM "${SCHEMA}"."outbox" WHERE id = $1`, [event.envelope.id]);
  });
});
