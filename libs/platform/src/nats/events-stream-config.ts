import { nanos } from '@nats-io/transport-node';
import { RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { DEAD_LETTERS_STREAM, DEAD_LETTERS_SUBJECTS, EVENTS_STREAM, EVENTS_SUBJECTS } from '@hdiya/contracts';
import { loadConfig, serviceEnvSchema } from '../config/load-config.js';

export interface EventsStreamSettings {
  /**
   * How many copies JetStream keeps of every event (EVENTS_STREAM_REPLICAS): 1 on a single server
   * (npm start, compose), 3 on the production cluster, where an acknowledged event then survives the
   * loss of one node (docs/event-durability.md). Above the cluster's size, or above 1 on a single
   * server, the stream cannot be created and the service refuses to start.
   */
  replicas: number;
  /** How long the dead letters stay (DEAD_LETTERS_MAX_AGE_DAYS), given to the stream when it is created. */
  deadLettersMaxAgeDays: number;
}

/**
 * How long the events stream keeps an event. The inboxes rely on it: an event older than this can
 * never be delivered again, so its inbox row may go (RETENTION_HANDLED_INBOX_DAYS, decision 0075).
 */
export const EVENTS_MAX_AGE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

const eventsStreamEnvSchema = serviceEnvSchema.pick({ EVENTS_STREAM_REPLICAS: true, DEAD_LETTERS_MAX_AGE_DAYS: true });

/** The stream settings this process's environment names. */
export function eventsStreamSettingsOf(env: Record<string, string | undefined> = process.env): EventsStreamSettings {
  const config = loadConfig(eventsStreamEnvSchema, env);
  return { replicas: config.EVENTS_STREAM_REPLICAS, deadLettersMaxAgeDays: config.DEAD_LETTERS_MAX_AGE_DAYS };
}

/**
 * The stream holding every domain event. File storage: an event the broker has acknowledged is on
 * its disk (not only in memory), so the outbox may forget it. The duplicate window lets JetStream
 * drop a re-published outbox row (same Nats-Msg-Id).
 */
export function eventsStreamConfig(settings: EventsStreamSettings): Partial<StreamConfig> & { name: string } {
  return {
    name: EVENTS_STREAM,
    subjects: [EVENTS_SUBJECTS],
    storage: StorageType.File,
    num_replicas: settings.replicas,
    retention: RetentionPolicy.Limits,
    duplicate_window: nanos(2 * 60 * 1000),
    max_age: nanos(EVENTS_MAX_AGE_DAYS * DAY_MS),
  };
}

/**
 * The stream of events consumers gave up on (decision 0032): stored like the events themselves
 * (they are copies of them, as confidential), kept DEAD_LETTERS_MAX_AGE_DAYS (30 by default) for an
 * administrator to look into; JetStream drops older ones itself (decision 0075).
 */
export function deadLettersStreamConfig(settings: EventsStreamSettings): Partial<StreamConfig> & { name: string } {
  return {
    ...eventsStreamConfig(settings),
    name: DEAD_LETTERS_STREAM,
    subjects: [DEAD_LETTERS_SUBJECTS],
    max_age: nanos(settings.deadLettersMaxAgeDays * DAY_MS),
  };
}
