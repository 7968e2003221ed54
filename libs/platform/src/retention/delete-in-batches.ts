import { sql } from '../database/typed-sql.js';

/** now() minus a number of days: the edge of a retention period. */
export const daysAgo = (days: number) => sql<Date>`now() - ${days}::int * interval '1 day'`;

/**
 * Runs `batch(limit)` (a DELETE of at most `limit` rows, answering how many went) until one deletes
 * fewer: each statement commits on its own, so a big backlog never holds its locks for long. Each
 * batch should pick its rows with FOR UPDATE SKIP LOCKED: replicas running the same job at once
 * then take different rows, and a row another transaction holds waits for the next run.
 */
export async function deleteInBatches(limit: number, batch: (limit: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await batch(limit);
    deleted += count;
    if (count < limit) return deleted;
  }
}
