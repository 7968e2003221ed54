import { randomUUID } from 'node:crypto';

/** What the helpers need of a database: TypeORM's DataSource, or any client with `query`. */
interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Rows of a service's event outbox and inbox (the platform's tables, in the service's schema),
 * aged as a retention test needs them, and which of them are still there after a job ran.
 */
export function handledEventRows(db: Queryable, schema: string) {
  return {
    /** An outbox row published `daysAgo` days ago, or never (null). */
    async outboxRow(daysAgo: number | null): Promise<string> {
      const id = randomUUID();
      await db.query(
        `INSERT INTO ${schema}.outbox (id, subject, envelope, created_at, next_attempt_at, published_at)
         VALUES ($1, 'events.retention-test.v1', '{}', now() - interval '10 days', now() + interval '1 day',
                 CASE WHEN $2::numeric IS NULL THEN NULL ELSE now() - $2::numeric * interval '1 day' END)`,
        [id, daysAgo],
      );
      return id;
    },
    /** An inbox row for an event handled `daysAgo` days ago. */
    async inboxRow(daysAgo: number): Promise<string> {
      const id = randomUUID();
      await db.query(`INSERT INTO ${schema}.inbox (consumer, event_id, processed_at) VALUES ('retention-test', $1, now() - $2::numeric * interval '1 day')`, [id, daysAgo]);
      return id;
    },
    /** Which of `ids` are still in the outbox (by id) or the inbox (by event id), sorted. */
    async present(table: 'outbox' | 'inbox', ids: string[]): Promise<string[]> {
      const column = table === 'outbox' ? 'id' : 'event_id';
      const rows = (await db.query(`SELECT ${column} AS id FROM ${schema}.${table} WHERE ${column} = ANY($1)`, [ids])) as { id: string }[];
      return rows.map((row) => row.id).sort();
    },
  };
}
