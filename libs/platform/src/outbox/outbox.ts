import type { EntityManager } from 'typeorm';
import type { OutgoingEvent } from '@hdiya/contracts';
import { sharedSql } from '../database/shared-tables.js';
import type { Json } from '../database/shared-tables.generated.js';
import { prepared, sql, write } from '../database/typed-sql.js';

/**
 * The outbox's statement for one schema, compiled once (it runs with every event written): the
 * rows appended and the relay woken (NOTIFY, delivered at commit) in one round trip.
 */
function outboxStatements(schema: string) {
  const db = sharedSql(schema);
  return {
    append: prepared((ids: string[], subjects: string[], envelopes: string[], channel: string, count: string) =>
      db
        .with('appended', (qb) =>
          qb
            .insertInto('outbox')
            .columns(['id', 'subject', 'envelope'])
            .expression((eb) =>
              eb
                .selectFrom(
                  sql<{ id: string; subject: string; envelope: Json; n: number }>`unnest(${ids}::uuid[], ${subjects}::text[], ${envelopes}::jsonb[]) WITH ORDINALITY`.as<'e'>(
                    sql`e(id, subject, envelope, n)`,
                  ),
                )
                .select(['e.id', 'e.subject', 'e.envelope'])
                // In the given order.
                .orderBy('e.n'),
            )
            .returning('id'),
        )
        .selectNoFrom(sql`pg_notify(${channel}, ${count})`.as('notified')),
    ),
  };
}
const bySchema = new Map<string, ReturnType<typeof outboxStatements>>();

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
  let statements = bySchema.get(schema);
  if (!statements) bySchema.set(schema, (statements = outboxStatements(schema)));
  await write(
    manager,
    statements.append(
      events.map((e) => e.envelope.id),
      events.map((e) => e.subject),
      events.map((e) => JSON.stringify(e.envelope)),
      outboxChannel(schema),
      String(events.length),
    ),
  );
}
