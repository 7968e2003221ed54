import type { EntityManager } from 'typeorm';
import type { OutgoingEvent } from '@hdiya/contracts';
import { sharedSql } from '../database/shared-tables.js';
import type { Json } from '../database/shared-tables.generated.js';
import { sql, write } from '../database/typed-sql.js';

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
  const given = sql<{ id: string; subject: string; envelope: Json; n: number }>`unnest(${events.map((e) => e.envelope.id)}::uuid[], ${events.map(
    (e) => e.subject,
  )}::text[], ${events.map((e) => JSON.stringify(e.envelope))}::jsonb[]) WITH ORDINALITY`;
  const db = sharedSql(schema);
  await write(
    manager,
    db
      .insertInto('outbox')
      .columns(['id', 'subject', 'envelope'])
      .expression((eb) => eb.selectFrom(given.as<'e'>(sql`e(id, subject, envelope, n)`)).select(['e.id', 'e.subject', 'e.envelope']).orderBy('e.n')),
  );
  await write(manager, db.selectNoFrom(sql`pg_notify(${outboxChannel(schema)}, ${String(events.length)})`.as('notified')));
}
