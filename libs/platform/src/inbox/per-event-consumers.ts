import type { LoggerService } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { eventNameOf, eventNameParts, eventSubject, type EventName, type OutgoingEvent } from '@hdiya/contracts';
import type { EventBus } from '../nats/events-stream.js';
import { EventConsumer, type EventHandlers, type RunningConsumer } from './event-consumer.js';

export interface PerEventConsumersOptions {
  bus: EventBus;
  dataSource: DataSource;
  schema: string;
  /**
   * The inbox name the consumers share, and the start of each durable's name: `points-users` gives
   * `points-users-user-registered-v1`. Each event travels on one subject only, so one inbox name
   * for all of them still applies every event once.
   */
  inbox: string;
  handlers: EventHandlers;
  logger: LoggerService;
}

/** `UserRegistered` → `user-registered`. */
const kebab = (type: string): string => type.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();

/** The durable that reads event version `name` for `inbox`. */
export function perEventDurable(inbox: string, name: EventName): string {
  const { type, version } = eventNameParts(name);
  return `${inbox}-${kebab(type)}-v${version}`;
}

/**
 * One durable consumer per event version handled, each filtered on that version's subject alone:
 * a service reads from the shared stream only what it acts on, and each filter is one the broker's
 * permissions can pin (`$JS.API.CONSUMER.CREATE.EVENTS.<durable>.<filter>`; nats-server 2.9 has no
 * multi-subject filter). Events of different versions are no longer delivered in one order: the
 * handlers given here must not depend on it (the read models compare times and ids).
 */
export class PerEventConsumers implements RunningConsumer {
  private readonly consumers = new Map<EventName, EventConsumer>();

  constructor(private readonly options: PerEventConsumersOptions) {
    const { handlers, inbox } = options;
    for (const name of Object.keys(handlers) as EventName[]) {
      const durable = perEventDurable(inbox, name);
      this.consumers.set(name, new EventConsumer({ ...options, durable, subject: eventSubject(name), handlers: { [name]: handlers[name] } }));
    }
  }

  get handledEvents(): EventName[] {
    return [...this.consumers.keys()];
  }

  /** The durables and their filters, as the broker's permissions must allow them. */
  get durables(): { durable: string; subject: string }[] {
    return [...this.consumers.keys()].map((name) => ({ durable: perEventDurable(this.options.inbox, name), subject: eventSubject(name) }));
  }

  async start(): Promise<void> {
    for (const consumer of this.consumers.values()) await consumer.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.consumers.values()].map((consumer) => consumer.stop()));
  }

  /** Applies one event with the consumer of its version (tests); one no consumer handles is refused. */
  async apply(event: OutgoingEvent): Promise<boolean> {
    const name = eventNameOf(event.subject, event.envelope);
    const consumer = name ? this.consumers.get(name) : undefined;
    if (!consumer) throw new Error(`${this.options.inbox} has no consumer of ${event.subject}`);
    return consumer.apply(event);
  }
}
