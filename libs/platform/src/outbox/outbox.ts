import type { Expression, QueryCreator, RawBuilder } from 'kysely';
import type { EntityManager } from 'typeorm';
import type { OutgoingEvent } from '@hdiya/contracts';
import { sharedSql, type SharedTables } from '../database/shared-tables.js';
import type { Json } from '../database/shared-tables.generated.js';
import { prepared, sql, write } from '../database/typed-sql.js';

/** Events as the outbox's insert takes them: three arrays, in the events' order. */
export interface OutboxValues {
  ids: string[];
  subjects: string[];
  envelopes: string[];
}

export function outboxValues(events: OutgoingEvent[]): OutboxValues {
  return { ids: events.map((e) => e.envelope.id), subjects: events.map((e) => e.subject), envelopes: events.map((e) => JSON.stringify(e.envelope)) };
}

/**
 * The outbox rows of some events, in the given order, for a statement that writes them itself
 * (`appendToOutbox`, or a service's statement that saves a round trip by appending its own
 * events). `keep`, given an event's rank (1 for the first), can leave it out on a condition of the
 * statement. The statement must also NOTIFY `outboxChannel(schema)` (`notifyRelay`).
 */
export function insertIntoOutbox(qc: QueryCreator<SharedTables>, { ids, subjects, envelopes }: OutboxValues, keep?: (rank: RawBuilder<number>) => Expression<boolean>) {
  return qc
    .insertInto('outbox')
    .columns(['id', 'subject', 'envelope'])
    .expression((eb) => {
      const events = eb
        .selectFrom(
          sql<{ id: string; subject: string; envelope: Json; n: number }>`unnest(${ids}::uuid[], ${subjects}::text[], ${envelopes}::jsonb[]) WITH ORDINALITY`.as<'e'>(
            sql`e(id, subject, envelope, n)`,
          ),
        )
        .select(['e.id', 'e.subject', 'e.envelope'])
        // In the given order.
        .orderBy('e.n');
      return keep ? events.where(keep(sql<number>`e.n`)) : events;
    })
    .returning('id');
}

/** Wakes the schema's relay when the transaction commits (Postgres delivers NOTIFY then). */
export const notifyRelay = (schema: string, count: Expression<unknown> | string) => sql<void>`pg_notify(${outboxChannel(schema)}, ${count}::text)`;

/**
 * The outbox's statement for one schema, compiled once (it runs with every event written): the
 * rows appended and the relay woken in one round trip.
 */
function outboxStatements(schema: string) {
  const db = sharedSql(schema);
  return {
    append: prepared((ids: string[], subjects: string[], envelopes: string[], count: string) =>
      db.with('appended', (qc) => insertIntoOutbox(qc, { ids, subjects, envelopes })).selectNoFrom(notifyRelay(schema, count).as('notified')),
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
  const { ids, subjects, envelopes } = outboxValues(events);
  await write(manager, statements.append(ids, subjects, envelopes, String(events.length)));
}
