import { StorageType } from '@nats-io/jetstream';
import { ConfigError } from '../config/load-config.js';
import { nanos } from '@nats-io/transport-node';
import { deadLettersStreamConfig, EVENTS_MAX_AGE_DAYS, eventsStreamConfig, eventsStreamSettingsOf } from './events-stream-config.js';

// Review finding: an event JetStream has acknowledged is forgotten by the outbox, so the stream must
// keep it through a broker's power loss: on disk, and on three servers in production
// (docs/event-durability.md says which guarantee holds where).
describe('the events stream configuration', () => {
  it('should store events in files, with as many replicas as EVENTS_STREAM_REPLICAS names', () => {
    expect(eventsStreamConfig(eventsStreamSettingsOf({ EVENTS_STREAM_REPLICAS: '3' }))).toMatchObject({
      name: 'EVENTS',
      subjects: ['events.>'],
      storage: StorageType.File,
      num_replicas: 3,
    });
  });

  it('should keep one copy on a single server unless told otherwise', () => {
    expect(eventsStreamConfig(eventsStreamSettingsOf({}))).toMatchObject({ storage: StorageType.File, num_replicas: 1 });
  });

  it('should refuse a replica count JetStream cannot have', () => {
    for (const value of ['0', '6', 'trois', '1.5']) {
      expect(() => eventsStreamSettingsOf({ EVENTS_STREAM_REPLICAS: value })).toThrow(ConfigError);
    }
  });

  it('should keep events EVENTS_MAX_AGE_DAYS, which the retention of the inboxes counts on', () => {
    expect(eventsStreamConfig(eventsStreamSettingsOf({})).max_age).toBe(nanos(EVENTS_MAX_AGE_DAYS * 24 * 60 * 60 * 1000));
  });
});

// Issue 47: dead letters are copies of events, kept only as long as an administrator needs them.
describe('the dead letters stream configuration', () => {
  it('should keep dead letters 30 days unless DEAD_LETTERS_MAX_AGE_DAYS says otherwise', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(deadLettersStreamConfig(eventsStreamSettingsOf({}))).toMatchObject({ name: 'DEAD_LETTERS', max_age: nanos(30 * day) });
    expect(deadLettersStreamConfig(eventsStreamSettingsOf({ DEAD_LETTERS_MAX_AGE_DAYS: '7' }))).toMatchObject({ max_age: nanos(7 * day) });
  });

  it('should refuse a period that is not a whole number of days from 1', () => {
    for (const value of ['0', '-3', '1.5', 'sept']) {
      expect(() => eventsStreamSettingsOf({ DEAD_LETTERS_MAX_AGE_DAYS: value })).toThrow(ConfigError);
    }
  });
});
