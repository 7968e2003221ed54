import { randomUUID } from 'node:crypto';
import { eventSubject, type ServiceName } from './subjects.js';

/** Every domain event travels in this envelope; `id` doubles as the JetStream `Nats-Msg-Id`. */
export interface EventEnvelope<TPayload = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  payload: TPayload;
}

export interface OutgoingEvent<TPayload = unknown> {
  subject: string;
  envelope: EventEnvelope<TPayload>;
}

export function createEvent<TPayload>(
  source: ServiceName,
  type: string,
  payload: TPayload,
  version = 1,
): OutgoingEvent<TPayload> {
  return {
    subject: eventSubject(source, type),
    envelope: { id: randomUUID(), type, version, occurredAt: new Date().toISOString(), payload },
  };
}
