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
  for (const { subject, envelope } of events) {
    await manager.query(`INSERT INTO "${schema}"."outbox" ("id", "subject", "envelope") VALUES ($1, $2, $3)`, [
      envelope.id,
      subject,
      JSON.stringify(envelope),
    ]);
  }
  await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(schema), String(events.length)]);
}
