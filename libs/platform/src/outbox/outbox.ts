import type { EntityManager } from 'typeorm';
import type { OutgoingEvent } from '@hdiya/contracts';

/** Postgres channel the relay listens on; NOTIFY is delivered only when the transaction commits. */
export function outboxChannel(schema: string): string {
  return `${schema}_outbox`;
}

/**
 * Records events in the same transaction as the state change that caused them.
 * Call it with the transaction's EntityManager: if the transaction rolls back, nothing is sent.
 */
export async function appendToOutbox(manager: EntityManager, schema: string, events: OutgoingEvent[]): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error('appendToOutbox must run inside a transaction');
  }
  if (events.length === 0) return;
  // One statement for the lot (a saved search may alert hundreds of members), in the given order.
  await manager.query(
    `INSERT INTO "${schema}"."outbox" ("id", "subject", "envelope")
     SELECT e.id, e.subject, e.envelope FROM unnest($1::uuid[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS e(id, subject, envelope, n) ORDER BY e.n`,
    [events.map((e) => e.envelope.id), events.map((e) => e.subject), events.map((e) => JSON.stringify(e.envelope))],
  );
  await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(schema), String(events.length)]);
}
