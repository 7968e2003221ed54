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
import { EVENTS_STREAM, eventNameOf, type EventEnvelope, type EventName, type EventPayload, type OutgoingEvent } from '@hdiya/contracts';
import { withRequestId } from '../logging/request-context.js';
import { eventDeliveries, eventRedeliveries } from '../metrics/metrics.js';
import type { EventBus } from '../nats/events-stream.js';

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
  handlers: EventHandlers;
  logger: LoggerService;
  ackWaitMs?: number;
}

const MAX_RETRY_DELAY_MS = 30_000;

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

  async start(): Promise<void> {
    this.stopped = false;
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

  /** Applies one event (exposed for tests that deliver the same event twice on purpose). */
  async apply({ subject, envelope: event }: OutgoingEvent): Promise<boolean> {
    const { dataSource, schema, durable, handlers } = this.options;
    const name = eventNameOf(subject, event);
    const handle = name ? (handlers[name] as EventHandler<EventName> | undefined) : undefined;
    return withRequestId(event.requestId, () => dataSource.transaction(async (manager) => {
      const claimed = (await manager.query(
        `INSERT INTO "${schema}"."inbox" ("consumer", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [durable, event.id],
      )) as unknown[];
      if (claimed.length === 0) return false;
      await handle?.(event as EventEnvelope<never>, manager);
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
      this.options.logger.error?.(`${this.options.durable}: dropping malformed message ${message.seq}: ${(error as Error).message}`);
      message.term();
      return;
    }
    const consumer = this.options.durable;
    if (message.info.deliveryCount > 1) eventRedeliveries.inc({ consumer });
    try {
      const applied = await this.apply({ subject: message.subject, envelope: event });
      message.ack();
      eventDeliveries.inc({ consumer, outcome: applied ? 'applied' : 'duplicate' });
    } catch (error) {
      eventDeliveries.inc({ consumer, outcome: 'failed' });
      const delay = Math.min(MAX_RETRY_DELAY_MS, 500 * 2 ** Math.min(message.info.deliveryCount, 10));
      this.options.logger.warn?.(
        `${this.options.durable}: ${event.type} ${event.id} failed (delivery ${message.info.deliveryCount}), retry in ${delay} ms: ${(error as Error).message}`,
      );
      message.nak(delay);
    }
  }

  private async ensureConsumer(): Promise<void> {
    const { jsm } = this.options.bus;
    try {
      await jsm.consumers.info(EVENTS_STREAM, this.options.durable);
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: this.options.durable,
        filter_subject: this.options.subject,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
        max_deliver: -1,
      });
    }
  }
}

/** A Nest provider owning one consumer: it starts with the application and stops with it. */
export abstract class ManagedEventConsumer {
  abstract readonly consumer: EventConsumer;

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }
}
