import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  DEAD_LETTERS_STREAM,
  deadLetterSubject,
  type DeadLetter,
  type EventEnvelope,
  type MemberReinstatedV1,
} from '@hdiya/contracts';
import { testEnv, waitFor } from '@hdiya/testing';
import { createInboxTableV1 } from '../src/database/messaging-tables.js';
import { createEvent } from '../src/events/create-event.js';
import { EventConsumer } from '../src/inbox/event-consumer.js';
import { eventsDeadLettered } from '../src/metrics/metrics.js';
import { connectEventBus, type EventBus } from '../src/nats/events-stream.js';
import { createScratchSchema, dropScratchSchema, quietLogger } from './platform-fixtures.js';

// Issue 22, item 3: an event a consumer cannot handle (not an envelope, a payload its version's
// schema refuses, a handler failing on every delivery) goes to the DEAD_LETTERS stream with its
// error, and the consumer goes on with the next, instead of retrying it forever. A database that
// cannot take the work is waited out, however long.

const SCHEMA = 'dead_letters_it';
const NAME = 'users.MemberReinstated.v1';
const logger = quietLogger('dead-letters-test');

let dataSource: DataSource;
let bus: EventBus;
const consumers: EventConsumer[] = [];

beforeAll(async () => {
  dataSource = await createScratchSchema(SCHEMA, createInboxTableV1(SCHEMA));
  bus = await connectEventBus(testEnv().natsUrl, 'dead-letters-test');
});

afterEach(async () => {
  await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
});

afterAll(async () => {
  await dropScratchSchema(dataSource, SCHEMA);
  await bus.nc.close();
});

type Handler = (payload: MemberReinstatedV1) => Promise<void>;

/**
 * A consumer of reinstatements with a durable and a subject of its own, so no test sees another's
 * events: the name of an event comes from its subject's service and its envelope's type and version.
 */
async function startConsumer(handle: Handler, maxDeliveries?: number): Promise<{ durable: string; subject: string }> {
  const id = randomUUID().slice(0, 8);
  const durable = `dead-letters-${id}`;
  const subject = `events.users.deadletterstest${id}`;
  const consumer = new EventConsumer({
    bus,
    dataSource,
    schema: SCHEMA,
    durable,
    subject,
    handlers: { [NAME]: ({ payload }) => handle(payload) },
    logger,
    maxDeliveries,
  });
  consumers.push(consumer);
  await consumer.start();
  return { durable, subject };
}

function reinstatedEvent(): EventEnvelope<MemberReinstatedV1> {
  return createEvent(NAME, { memberId: randomUUID(), suspensionId: randomUUID(), reinstatedAt: new Date().toISOString() }).envelope;
}

async function publish(subject: string, body: unknown): Promise<void> {
  await bus.js.publish(subject, typeof body === 'string' ? body : JSON.stringify(body));
}

/** The dead letters a consumer filed, once there are `count` of them. */
async function deadLettersOf(durable: string, count: number): Promise<DeadLetter[]> {
  const subject = deadLetterSubject(durable);
  await waitFor(
    async () => {
      const info = await bus.jsm.streams.info(DEAD_LETTERS_STREAM, { subjects_filter: subject }).catch(() => null);
      return (info?.state.subjects?.[subject] ?? 0) >= count;
    },
    { what: `${count} dead letters of ${durable}`, timeoutMs: 20_000 },
  );
  // Read by sequence (nats-server 2.9 has no multi-filter consumer): the stream is small here.
  const { state } = await bus.jsm.streams.info(DEAD_LETTERS_STREAM);
  const letters: DeadLetter[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq; seq += 1) {
    const message = await bus.jsm.streams.getMessage(DEAD_LETTERS_STREAM, { seq }).catch(() => null);
    if (message?.subject === subject) letters.push(message.json<DeadLetter>());
  }
  return letters;
}

async function inInbox(durable: string, eventId: string): Promise<boolean> {
  const rows = (await dataSource.query(`SELECT 1 FROM "${SCHEMA}"."inbox" WHERE "consumer" = $1 AND "event_id" = $2`, [durable, eventId])) as unknown[];
  return rows.length === 1;
}

async function deadLetteredCount(consumer: string, reason: string): Promise<number> {
  const { values } = await eventsDeadLettered.get();
  return values.find((v) => v.labels.consumer === consumer && v.labels.reason === reason)?.value ?? 0;
}

describe('dead letters', () => {
  it('should file an event its schema refuses, and a message that is no event, with their errors, and go on with the next', async () => {
    const handled: string[] = [];
    const { durable, subject } = await startConsumer(async (payload) => {
      handled.push(payload.suspensionId);
    });
    const bad = reinstatedEvent();
    await publish(subject, { ...bad, payload: { suspensionId: 42, memberId: 'u1' } });
    await publish(subject, '{ pas du json');
    const good = reinstatedEvent();
    await publish(subject, good);

    await waitFor(async () => handled.includes(good.payload.suspensionId), { what: 'the good event handled' });
    const letters = await deadLettersOf(durable, 2);
    const invalid = letters.find((letter) => letter.reason === 'invalid');
    expect(invalid).toMatchObject({ consumer: durable, subject, attempts: 1, event: { id: bad.id, payload: { suspensionId: 42 } }, raw: null });
    expect(invalid?.error).toMatch(/suspensionId/);
    expect(invalid?.error).toMatch(/reinstatedAt/);
    const malformed = letters.find((letter) => letter.reason === 'malformed');
    expect(malformed).toMatchObject({ consumer: durable, event: null, raw: '{ pas du json' });
    expect(handled).toEqual([good.payload.suspensionId]);
    expect(await inInbox(durable, bad.id)).toBe(false);
    expect(await inInbox(durable, good.id)).toBe(true);
    expect(await deadLetteredCount(durable, 'invalid')).toBe(1);
    expect(await deadLetteredCount(durable, 'malformed')).toBe(1);
  });

  it('should hand its handler the payload the schema parsed, not the one that came over the wire', async () => {
    const received: unknown[] = [];
    const { subject } = await startConsumer(async (payload) => {
      received.push(payload);
    });
    const sent = reinstatedEvent();
    // A producer ahead of this consumer adds a field its version does not name: the handler never sees it.
    await publish(subject, { ...sent, payload: { ...sent.payload, memberEmail: 'salma@example.ma' } });
    await waitFor(async () => received.length === 1, { what: 'the event handled' });
    expect(received).toEqual([sent.payload]);
  });

  it('should file an event whose handler fails on every delivery after the last one, and handle the others meanwhile', async () => {
    const poison = reinstatedEvent();
    const handled: string[] = [];
    let poisonDeliveries = 0;
    const { durable, subject } = await startConsumer(async (payload) => {
      if (payload.suspensionId === poison.payload.suspensionId) {
        poisonDeliveries += 1;
        throw new Error('la base refuse cette ligne');
      }
      handled.push(payload.suspensionId);
    }, 3);
    await publish(subject, poison);
    const good = reinstatedEvent();
    await publish(subject, good);

    await waitFor(async () => handled.includes(good.payload.suspensionId), { what: 'the event behind the failing one' });
    const [letter] = await deadLettersOf(durable, 1);
    expect(letter).toMatchObject({ consumer: durable, reason: 'failed', attempts: 3, error: 'la base refuse cette ligne', event: { id: poison.id } });
    expect(poisonDeliveries).toBe(3);
    expect(await inInbox(durable, poison.id)).toBe(false);
    expect(await deadLetteredCount(durable, 'failed')).toBe(1);
  });

  it('should retry past the last delivery a handler failing because the database cannot take the work', async () => {
    const event = reinstatedEvent();
    let deliveries = 0;
    const { durable, subject } = await startConsumer(async () => {
      deliveries += 1;
      if (deliveries <= 3) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    }, 2);
    await publish(subject, event);

    await waitFor(async () => inInbox(durable, event.id), { what: 'the event applied once the database is back', timeoutMs: 20_000 });
    expect(deliveries).toBe(4);
    const info = await bus.jsm.streams.info(DEAD_LETTERS_STREAM, { subjects_filter: deadLetterSubject(durable) });
    expect(info.state.subjects?.[deadLetterSubject(durable)] ?? 0).toBe(0);
  });
});
