import type { EventEnvelope } from './envelope.js';

// Events a consumer gave up on (decision 0032): a payload its version's schema refuses, or a
// handler that failed on every delivery. They leave the consumer's way for this stream, where an
// administrator reads them, instead of being retried forever.

/** The JetStream stream of dead letters, and the subject each consumer files them under. */
export const DEAD_LETTERS_STREAM = 'DEAD_LETTERS';
export const DEAD_LETTERS_SUBJECTS = 'deadletter.>';

export function deadLetterSubject(consumer: string): string {
  return `deadletter.${consumer}`;
}

/**
 * Why an event was set aside: `malformed` (not an event envelope at all), `invalid` (its payload
 * is not what its version's schema says), `failed` (its handler failed on every delivery).
 */
export type DeadLetterReason = 'malformed' | 'invalid' | 'failed';

/** One dead letter, as stored in the stream. */
export interface DeadLetter {
  /** The durable consumer that gave up on it (`points-users`). */
  consumer: string;
  /** The subject the event travelled on and its sequence in the events stream. */
  subject: string;
  streamSequence: number;
  reason: DeadLetterReason;
  error: string;
  /** Deliveries it had, the last included. */
  attempts: number;
  deadLetteredAt: string;
  /** The event as received, or null when it was not an envelope (then `raw` holds its text). */
  event: EventEnvelope | null;
  raw: string | null;
}

/** `GET /api/admin/dead-letters`: the newest dead letters first, and how many the stream holds. */
export interface DeadLettersView {
  deadLetters: (DeadLetter & { sequence: number })[];
  total: number;
}
