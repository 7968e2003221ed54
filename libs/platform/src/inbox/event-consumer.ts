import type { LoggerService } from '@nestjs/common';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { DataSource, EntityManager } from 'typeorm';
import { sharedSql } from '../database/shared-tables.js';
import { firstRow } from '../database/typed-sql.js';
import {
  deadLetterSubject,
  EVENTS_STREAM,
  eventNameOf,
  parseEvent,
  type DeadLetter,
  type DeadLetterReason,
  type EventEnvelope,
  type EventName,
  type EventPayload,
  type OutgoingEvent,
} from '@hdiya/contracts';
import { withRequestId } from '../logging/request-context.js';
import { eventDeliveries, eventRedeliveries, eventsDeadLettered } from '../metrics/metrics.js';
import { ensureDeadLettersStream, type EventBus } from '../nats/events-stream.js';
import { isDatabaseOverload } from '../rpc/database-overload.js';

export type EventHandler<N extends EventName> = (event: EventEnvelope<EventPayload<N>>, manager: EntityManager) => Promise<void>;

/** One handler per event version the consumer acts on, typed by the catalog; others are skipped. */
export type EventHandlers = { [N in EventName]?: EventHandler<N> };

export interface EventConsumerOptions {
  bus: EventBus;
  dataSource: DataSource;
  schema: string;
  /** Durable consumer name, unique per (service, purpose): e.g. `points-user-registered`. */
  durable: string;
  subject: string;
  /**
   * The name its applied events are kept under in the inbox (default: `durable`). Consumers that
   * took over the events of an older, wider one keep its name, so what it applied is not applied
   * again (perEventConsumers).
   */
  inbox?: string;
  handlers: EventHandlers;
  logger: LoggerService;
  ackWaitMs?: number;
  /** Deliveries a failing handler gets before its event is dead-lettered (MAX_DELIVERIES). */
  maxDeliveries?: number;
}

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Deliveries before a failing event is dead-lettered. With the back-off below (1, 2, 4, 8, 16,
 * then 30 s) the twentieth comes about 7.5 minutes after the first: an outage of a service or of
 * the broker that long is waited out. A database that cannot take the work (isDatabaseOverload)
 * never counts: that event waits as long as the database does (decision 0032).
 */
export const MAX_DELIVERIES = 20;

/** The wait before the next delivery of an event whose handler failed on delivery `deliveryCount`. */
export function retryDelayMs(deliveryCount: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 500 * 2 ** Math.min(deliveryCount, 10));
}

/** An event whose payload is not what its version's schema says: no retry can mend it. */
export class InvalidEventError extends Error {
  constructor(name: EventName, problems: string) {
    super(`${name} refused by its schema: ${problems}`);
    this.name = 'InvalidEventError';
  }
}

/** How much of a message that is not an envelope the dead letter keeps. */
const RAW_TEXT_LIMIT = 10_000;

/**
 * A durable JetStream consumer with explicit ack whose effects are idempotent: the event id is
 * written to the inbox in the same transaction as the handler's changes, so an event delivered
 * again after a crash (before the ack reached the broker) changes nothing twice.
 */
export class EventConsumer {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: EventConsumerOptions) {}

  get handledEvents(): EventName[] {
    return Object.keys(this.options.handlers) as EventName[];
  }

  async start(): Promise<void> {
    this.stopped = false;
    const deadLettersMismatch = await ensureDeadLettersStream(this.options.bus.jsm);
    if (deadLettersMismatch) this.options.logger.warn?.(deadLettersMismatch);
    await this.ensureConsumer();
    const consumer = await this.options.bus.js.consumers.get(EVENTS_STREAM, this.options.durable);
    this.messages = await consumer.consume({ max_messages: 64 });
    this.loop = this.run(this.messages);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close();
    await this.loop;
  }

  /**
   * Applies one event (exposed for tests that deliver the same event twice on purpose). An event
   * this consumer handles is parsed with its version's schema first (InvalidEventError), and its
   * handler gets what the schema parsed.
   */
  async apply({ subject, envelope: event }: OutgoingEvent): Promise<boolean> {
    const { dataSource, schema, durable, inbox = durable, handlers } = this.options;
    const name = eventNameOf(subject, event);
    const handle = name ? (handlers[name] as EventHandler<EventName> | undefined) : undefined;
    let parsed: EventEnvelope = event;
    if (name && handle) {
      const check = parseEvent(name, event.payload);
      if (!check.ok) throw new InvalidEventError(name, check.problems);
      parsed = { ...event, payload: check.event.payload };
    }
    return withRequestId(event.requestId, () => dataSource.transaction(async (manager) => {
      const claimed = await firstRow(
        manager,
        sharedSql(schema).insertInto('inbox').values({ consumer: inbox, event_id: event.id }).onConflict((conflict) => conflict.doNothing()).returning('event_id'),
      );
      if (!claimed) return false;
      await handle?.(parsed as EventEnvelope<never>, manager);
      return true;
    }));
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      if (this.stopped) break;
      await this.process(message);
    }
  }

  private async process(message: JsMsg): Promise<void> {
    let event: EventEnvelope;
    try {
      event = message.json<EventEnvelope>();
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.version !== 'number') throw new Error('not an event envelope');
    } catch (error) {
      // A message that can never be understood must not block the ones behind it.
      await this.deadLetter(message, null, 'malformed', (error as Error).message);
      return;
    }
    const consumer = this.options.durable;
    const maxDeliveries = this.options.maxDeliveries ?? MAX_DELIVERIES;
    if (message.info.deliveryCount > 1) eventRedeliveries.inc({ consumer });
    try {
      const applied = await this.apply({ subject: message.subject, envelope: event });
      message.ack();
      eventDeliveries.inc({ consumer, outcome: applied ? 'applied' : 'duplicate' });
    } catch (error) {
      eventDeliveries.inc({ consumer, outcome: 'failed' });
      const reason = (error as Error).message;
      if (error instanceof InvalidEventError) {
        await this.deadLetter(message, event, 'invalid', reason);
        return;
      }
      if (message.info.deliveryCount >= maxDeliveries && !isDatabaseOverload(error)) {
        await this.deadLetter(message, event, 'failed', reason);
        return;
      }
      const delay = retryDelayMs(message.info.deliveryCount);
      this.options.logger.warn?.(
        `${this.options.durable}: ${event.type} ${event.id} failed (delivery ${message.info.deliveryCount}), retry in ${delay} ms: ${reason}`,
      );
      message.nak(delay);
    }
  }

  /**
   * Files the message in the dead letters' stream, then terminates it so the consumer goes on with
   * the next. Until JetStream has acknowledged the copy the message stays (nak): it is never lost.
   * Its id there (consumer and stream sequence) makes a second filing of it a duplicate.
   */
  private async deadLetter(message: JsMsg, event: EventEnvelope | null, reason: DeadLetterReason, error: string): Promise<void> {
    const { bus, durable: consumer, logger } = this.options;
    const letter: DeadLetter = {
      consumer,
      subject: message.subject,
      streamSequence: message.seq,
      reason,
      error,
      attempts: message.info.deliveryCount,
      deadLetteredAt: new Date().toISOString(),
      event,
      raw: event ? null : message.string().slice(0, RAW_TEXT_LIMIT),
    };
    try {
      await bus.js.publish(deadLetterSubject(consumer), JSON.stringify(letter), { msgID: `${consumer}:${message.seq}` });
    } catch (publishError) {
      const delay = retryDelayMs(message.info.deliveryCount);
      logger.error?.(`${consumer}: could not dead-letter message ${message.seq} (${reason}), retry in ${delay} ms: ${(publishError as Error).message}`);
      message.nak(delay);
      return;
    }
    message.term();
    eventsDeadLettered.inc({ consumer, reason });
    logger.error?.(`${consumer}: dead-lettered message ${message.seq} on ${message.subject} after ${letter.attempts} deliveries (${reason}): ${error}`);
  }

  private async ensureConsumer(): Promise<void> {
    const { jsm } = this.options.bus;
    const { durable, subject } = this.options;
    const existing = await jsm.consumers.info(EVENTS_STREAM, durable).catch((error: unknown) => {
      if (error instanceof JetStreamApiError && error.status === 404) return null;
      throw error;
    });
    if (existing) {
      // JetStream keeps a durable's filter (nats-server 2.9 cannot change it): a filter changed in
      // the code would silently go on reading the old subjects. A new filter takes a new durable name.
      if (existing.config.filter_subject !== subject) {
        throw new Error(`${durable} exists on ${existing.config.filter_subject ?? 'every subject'}, not ${subject}: a new filter needs a new durable name (decision 0076)`);
      }
      return;
    }
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: durable,
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      // The consumer counts deliveries itself and dead-letters (MAX_DELIVERIES): a server-side
      // limit would stop delivering an event silently, with no copy anywhere.
      max_deliver: -1,
    });
  }
}

/** What a Nest provider runs: one durable consumer (EventConsumer) or several (perEventConsumers). */
export interface RunningConsumer {
  /** The event versions it has a handler for (checked against the catalog's EventReaders in each service's tests). */
  readonly handledEvents: EventName[];
  start(): Promise<void>;
  stop(): Promise<void>;
  apply(event: OutgoingEvent): Promise<boolean>;
}

/** A Nest provider owning one consumer: it starts with the application and stops with it. */
export abstract class ManagedEventConsumer {
  abstract readonly consumer: RunningConsumer;

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }
}
