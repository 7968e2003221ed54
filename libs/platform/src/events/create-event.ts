import { randomUUID } from 'node:crypto';
import { eventNameParts, eventSubject, type EventName, type EventPayload, type OutgoingEvent } from '@hdiya/contracts';
import { currentRequestId } from '../logging/request-context.js';

/** A new event of the named version, ready for the outbox: its payload must be that version's. */
export function createEvent<N extends EventName>(name: N, payload: EventPayload<N>): OutgoingEvent<EventPayload<N>> {
  const { type, version } = eventNameParts(name);
  const requestId = currentRequestId();
  return {
    subject: eventSubject(name),
    envelope: { id: randomUUID(), type, version, occurredAt: new Date().toISOString(), payload, ...(requestId ? { requestId } : {}) },
  };
}
