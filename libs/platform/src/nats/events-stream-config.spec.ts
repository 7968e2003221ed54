import { StorageType } from '@nats-io/jetstream';
import { ConfigError } from '../config/load-config.js';
import { eventsStreamConfig, eventsStreamSettingsOf } from './events-stream-config.js';

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
});
