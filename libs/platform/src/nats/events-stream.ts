import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, JetStreamApiError, type JetStreamClient, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import { deadLettersStreamConfig, eventsStreamConfig, eventsStreamSettingsOf, type EventsStreamSettings } from './events-stream-config.js';
import { natsConnectOptions, type NatsConnectionOptions } from './nats-connection.js';

export interface EventBus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** JetStream's err_code for "stream name already in use". */
const STREAM_NAME_IN_USE = 10058;

/** A NATS connection that keeps reconnecting forever: a broker restart must not kill a service. */
export async function connectEventBus(
  url: string,
  name: string,
  auth?: NatsConnectionOptions,
  stream: EventsStreamSettings = eventsStreamSettingsOf(),
): Promise<EventBus> {
  const nc = await connect(natsConnectOptions(url, name, auth));
  const jsm = await jetstreamManager(nc);
  await ensureEventsStream(jsm, stream);
  return { nc, js: jetstream(nc), jsm };
}

/**
 * Creates the durable stream holding every domain event (eventsStreamConfig), once. An existing
 * stream is left as it is: services may not update it (a compromised one could shorten its
 * retention), so an operator raises its replicas (`nats stream edit EVENTS --replicas 3`).
 */
export async function ensureEventsStream(jsm: JetStreamManager, settings: EventsStreamSettings = eventsStreamSettingsOf()): Promise<void> {
  await ensureStream(jsm, eventsStreamConfig(settings));
}

/**
 * Creates the dead letters' stream (deadLettersStreamConfig) once, as the events stream. Answers
 * what is wrong when an existing stream keeps them for another period than DEAD_LETTERS_MAX_AGE_DAYS
 * (it is left as it is: an operator edits it), else null.
 */
export async function ensureDeadLettersStream(jsm: JetStreamManager, settings: EventsStreamSettings = eventsStreamSettingsOf()): Promise<string | null> {
  const wanted = deadLettersStreamConfig(settings);
  const kept = await ensureStream(jsm, wanted);
  if (kept.max_age === wanted.max_age) return null;
  const keptDays = Number(kept.max_age ?? 0) / Number(nanos(24 * 60 * 60 * 1000));
  return `the DEAD_LETTERS stream keeps dead letters ${keptDays} days, DEAD_LETTERS_MAX_AGE_DAYS says ${settings.deadLettersMaxAgeDays}: nats stream edit DEAD_LETTERS --max-age ${settings.deadLettersMaxAgeDays}d`;
}

/**
 * Creates the stream `config` describes unless it exists; refuses (throws) rather than a weaker one.
 * Answers the configuration the stream has (an existing one's own, which may differ).
 */
export async function ensureStream(jsm: JetStreamManager, config: ReturnType<typeof eventsStreamConfig>): Promise<Partial<StreamConfig>> {
  try {
    return (await jsm.streams.info(config.name)).config;
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
    try {
      return (await jsm.streams.add(config)).config;
    } catch (addError) {
      // Another replica created it between our two calls (any other refusal, such as more replicas
      // than servers, stops the service: it must not run on a weaker stream than configured).
      if (!(addError instanceof JetStreamApiError) || addError.code !== STREAM_NAME_IN_USE) throw addError;
      return (await jsm.streams.info(config.name)).config;
    }
  }
}
