import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EVENTS_STREAM, eventSubject, type EventName, type OutgoingEvent } from '@hdiya/contracts';
import { testEnv, waitFor } from '@hdiya/testing';
import { createInboxTableV1 } from '../src/database/messaging-tables.js';
import { createEvent } from '../src/events/create-event.js';
import { EventConsumer } from '../src/inbox/event-consumer.js';
import { PerEventConsumers, perEventDurable } from '../src/inbox/per-event-consumers.js';
import { connectEventBus, type EventBus } from '../src/nats/events-stream.js';
import { createScratchSchema, dropScratchSchema, quietLogger } from './platform-fixtures.js';

// Issue 47: a service's consumers of the users events read only the versions they act on, one
// durable each, and a durable whose filter changed in the code is refused rather than read.

const SCHEMA = 'per_event_it';
const logger = quietLogger('per-event-test');

let dataSource: DataSource;
let bus: EventBus;
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  dataSource = await createScratchSchema(SCHEMA, createInboxTableV1(SCHEMA));
  bus = await connectEventBus(testEnv().natsUrl, 'per-event-test');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
});

afterAll(async () => {
  await dropScratchSchema(dataSource, SCHEMA);
  await bus.nc.close();
});

const at = () => new Date().toISOString();

async function publish(event: OutgoingEvent): Promise<void> {
  await bus.js.publish(event.subject, JSON.stringify(event.envelope), { msgID: event.envelope.id });
}

describe(PerEventConsumers.name, () => {
  it('should read each handled version on a durable of its own, filtered on its subject, under one inbox name', async () => {
    const inbox = `per-event-${randomUUID().slice(0, 8)}`;
    const memberId = randomUUID();
    const seen: string[] = [];
    const sut = new PerEventConsumers({
      bus,
      dataSource,
      schema: SCHEMA,
      inbox,
      logger,
      handlers: {
        'users.EmailVerified.v1': async ({ payload }) => void (payload.userId === memberId && seen.push('verified')),
        'users.MemberReinstated.v1': async ({ payload }) => void (payload.memberId === memberId && seen.push('reinstated')),
      },
    });
    running.push(sut);
    await sut.start();

    const names: EventName[] = ['users.EmailVerified.v1', 'users.MemberReinstated.v1'];
    expect(sut.durables).toEqual(names.map((name) => ({ durable: perEventDurable(inbox, name), subject: eventSubject(name) })));
    expect(perEventDurable(inbox, 'users.MemberReinstated.v1')).toBe(`${inbox}-member-reinstated-v1`);
    for (const { durable, subject } of sut.durables) {
      expect((await bus.jsm.consumers.info(EVENTS_STREAM, durable)).config.filter_subject).toBe(subject);
    }

    const verified = createEvent('users.EmailVerified.v1', { userId: memberId, verifiedAt: at() });
    const reinstated = createEvent('users.MemberReinstated.v1', { memberId, suspensionId: randomUUID(), reinstatedAt: at() });
    await publish(verified);
    await publish(reinstated);
    await waitFor(async () => seen.length === 2, { what: 'both events handled', timeoutMs: 20_000 });
    expect(seen.sort()).toEqual(['reinstated', 'verified']);

    // Both are kept under the shared inbox name: a replay by any of the durables changes nothing.
    const rows = (await dataSource.query(`SELECT consumer FROM "${SCHEMA}".inbox WHERE event_id = ANY($1)`, [[verified.envelope.id, reinstated.envelope.id]])) as { consumer: string }[];
    expect(rows.map((row) => row.consumer)).toEqual([inbox, inbox]);
    expect(await sut.apply(verified)).toBe(false);
    // A version it does not handle reaches none of its durables.
    await expect(sut.apply(createEvent('users.UserUpdated.v1', { userId: memberId, username: 'x', firstName: null, lastName: null, city: null, profileImageUrl: null }))).rejects.toThrow(
      /no consumer of events\.users\.UserUpdated\.v1/,
    );
    await sut.stop();
    for (const { durable } of sut.durables) await bus.jsm.consumers.delete(EVENTS_STREAM, durable);
  });

  it('should refuse to start on a durable that exists on another filter', async () => {
    const durable = `per-event-${randomUUID().slice(0, 8)}`;
    const wide = new EventConsumer({ bus, dataSource, schema: SCHEMA, durable, subject: 'events.users.>', handlers: {}, logger });
    running.push(wide);
    await wide.start();
    await wide.stop();

    const narrowed = new EventConsumer({ bus, dataSource, schema: SCHEMA, durable, subject: eventSubject('users.EmailVerified.v1'), handlers: {}, logger });
    await expect(narrowed.start()).rejects.toThrow(`${durable} exists on events.users.>, not events.users.EmailVerified.v1: a new filter needs a new durable name`);
    await bus.jsm.consumers.delete(EVENTS_STREAM, durable);
  });
});
