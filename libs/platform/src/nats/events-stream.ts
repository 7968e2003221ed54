import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { EVENTS_STREAM, EVENTS_SUBJECTS } from '@hdiya/contracts';
import type { NatsAuth } from './nats-auth.js';

export interface EventBus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** A NATS connection that keeps reconnecting forever: a broker restart must not kill a service. */
export async function connectEventBus(url: string, name: string, auth?: NatsAuth): Promise<EventBus> {
  const nc = await connect({ servers: url.split(','), name, maxReconnectAttempts: -1, reconnectTimeWait: 500, ...auth });
  const jsm = await jetstreamManager(nc);
  await ensureEventsStream(jsm);
  return { nc, js: jetstream(nc), jsm };
}

/**
 * Creates the durable stream holding every domain event, once. File storage survives a broker
 * restart; the duplicate window lets JetStream drop a re-published outbox row (same Nats-Msg-Id).
 */
export async function ensureEventsStream(jsm: JetStreamManager): Promise<void> {
  try {
    await jsm.streams.info(EVENTS_STREAM);
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
    try {
      await jsm.streams.add({
        name: EVENTS_STREAM,
        subjects: [EVENTS_SUBJECTS],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: nanos(2 * 60 * 1000),
        max_age: nanos(30 * 24 * 60 * 60 * 1000),
      });
    } catch (addError) {
      // Another replica created it between our two calls.
      if (!(addError instanceof JetStreamApiError) || addError.status !== 400) throw addError;
    }
  }
}
