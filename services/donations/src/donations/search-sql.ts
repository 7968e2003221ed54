import { CARD_COLUMNS, DONATION_COLUMNS, DONATION_FROM, OWNER_COLUMNS } from './donation-row.js';
import { DONATION_STATUSES, DonationRules, type DonationStatus } from '@hdiya/contracts';
import type { PageCursor } from './page-cursor.js';
import { SCHEMA } from '../config.js';

export interface SearchSqlInput {
  center: { lat: number; lng: number; given: boolean };
  radiusMetres: number;
  /** null: every status but withdrawn ones. */
  status: DonationStatus | null;
  categoryId: number | null;
  /** A tsquery built by `searchQuery`, or null. */
  tsquery: string | null;
  cursor: PageCursor | null;
  /** Rows to fetch (one more than the page, to know whether another page follows). */
  limit: number;
}

/**
 * The search statement, shared by the service and the benchmark (which runs it raw against
 * Postgres to compare). Keyset pagination in every case: it continues after the cursor's (key, id).
 *
 * - No position: within the radius of Casablanca, newest first.
 * - Position and words: the text index narrows the rows; they are sorted by (distance, id).
 * - Position alone (the hot path): one walk of the GiST index, nearest first (KNN `<->`), that
 *   reads the card columns on the way and stops after one page: `FETCH FIRST n ROWS WITH TIES`
 *   goes on while the next donation is at the same distance as the last one fetched. Donations
 *   at the very same spot (a city's centre) tie, and KNN orders by distance alone, so the whole
 *   tied group is needed to cut the page in (distance, id) order: pages never skip or repeat a
 *   donation. No radius condition inside the walk (the planner, misled by ST_DWithin's
 *   estimates, would read every donation in the radius): the radius is applied to the page.
 *   Owner names are joined to the page only.
 */
export function searchSql(input: SearchSqlInput): { sql: string; params: unknown[] } {
  const params: unknown[] = [input.center.lng, input.center.lat, input.radiusMetres];
  const param = (value: unknown) => `$${params.push(value)}`;
  // The status and the row count are written into the statement, not passed as parameters: the
  // service runs it prepared, and a generic plan would neither match the index of available
  // donations to `status = $n` nor know how few rows `LIMIT $n` wants (a third slower, measured).
  // Both come from closed sets (a known status, 1 to 49 rows), so a few dozen statements exist.
  if (input.status !== null && !DONATION_STATUSES.includes(input.status)) throw new Error(`unknown status ${input.status}`);
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > DonationRules.maxPageSize + 1) throw new Error(`bad limit ${input.limit}`);
  const limit = String(input.limit);
  const point = `ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography`;
  const distance = `(d.location <-> ${point})`;
  const where: string[] = [input.status ? `d.status = '${input.status}'` : `d.status <> 'cancelled'`];
  if (input.categoryId !== null) where.push(`d.category_id = ${param(input.categoryId)}`);
  if (input.tsquery) where.push(`d.search @@ to_tsquery('simple', ${param(input.tsquery)})`);

  if (!input.center.given) {
    where.push(`ST_DWithin(d.location, ${point}, $3)`);
    if (input.cursor) where.push(`(d.created_at, d.id) < (${param(input.cursor.k)}::timestamptz, ${param(input.cursor.id)})`);
    return {
      sql: `SELECT ${DONATION_COLUMNS}, d.created_at AS sort_key FROM ${DONATION_FROM}
            WHERE ${where.join(' AND ')} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit}`,
      params,
    };
  }

  if (input.cursor) {
    const [k, id] = [param(input.cursor.k), param(input.cursor.id)];
    where.push(`(${distance} > ${k} OR (${distance} = ${k} AND d.id > ${id}))`);
  }

  if (input.tsquery) {
    return {
      sql: `SELECT ${DONATION_COLUMNS}, ${distance} AS sort_key FROM ${DONATION_FROM}
            WHERE ${where.join(' AND ')} AND ST_DWithin(d.location, ${point}, $3)
            ORDER BY ${distance}, d.id LIMIT ${limit}`,
      params,
    };
  }

  return {
    sql: `WITH walk AS (
            SELECT ${CARD_COLUMNS}, ${distance} AS sort_key FROM "${SCHEMA}"."donations" d
            WHERE ${where.join(' AND ')} ORDER BY d.location <-> ${point} FETCH FIRST ${limit} ROWS WITH TIES),
          page AS (SELECT * FROM walk WHERE sort_key <= $3 ORDER BY sort_key, id LIMIT ${limit})
          SELECT d.*, ${OWNER_COLUMNS} FROM page d LEFT JOIN "${SCHEMA}"."members" m ON m.user_id = d.owner_id
          ORDER BY d.sort_key, d.id`,
    params,
  };
}
