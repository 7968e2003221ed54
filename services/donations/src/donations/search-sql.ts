import { CARD_COLUMNS_BUT_POSITION, DONATION_COLUMNS, DONATION_FROM, OWNER_COLUMNS } from './donation-row.js';
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

/** The searcher's position ($1 longitude, $2 latitude) as a geography. */
export const POINT = `ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography`;

/**
 * The conditions on a donation's own columns (status, category, words), as `d.…`; values go
 * through `param`. Shared by the search and its count, so both always agree.
 */
export function filtersOf(input: Pick<SearchSqlInput, 'status' | 'categoryId' | 'tsquery'>, param: (value: unknown) => string): string[] {
  if (input.status !== null && !DONATION_STATUSES.includes(input.status)) throw new Error(`unknown status ${input.status}`);
  const where: string[] = [input.status ? `d.status = '${input.status}'` : `d.status <> 'cancelled'`];
  if (input.categoryId !== null) where.push(`d.category_id = ${param(input.categoryId)}`);
  if (input.tsquery) where.push(`d.search @@ to_tsquery('simple', ${param(input.tsquery)})`);
  return where;
}

/**
 * The search statement, shared by the service and the benchmark (which runs it raw against
 * Postgres to compare). Keyset pagination in every case: it continues after the cursor's (key, id).
 *
 * - No position: within the radius of Casablanca, newest first.
 * - Position and words: the text index narrows the rows; they are sorted by (distance, id).
 * - Position alone (the hot path): a walk of the spots (the grid points donations are shown at)
 *   within the radius, nearest first (KNN `<->`); at each spot its donations in id order, from
 *   the index on (spot, status, id), at most a page of them. The walk stops at the first spot
 *   that fills the page (`FETCH FIRST n ROWS WITH TIES` on the spot's distance takes in that
 *   spot, and another at the very same distance), never reading more than a page of a crowded
 *   spot (a city's centre); the page is then cut in (distance, id) order. Ordering the walk by
 *   the distance alone, which the index gives, leaves the planner no sort to put below the cut
 *   (with a sort, it would read every spot in the radius). Owner names are looked up for the
 *   page only, one index probe each (LATERAL … LIMIT 1 keeps the planner from hashing the whole
 *   members table).
 */
export function searchSql(input: SearchSqlInput): { sql: string; params: unknown[] } {
  const params: unknown[] = [input.center.lng, input.center.lat, input.radiusMetres];
  const param = (value: unknown) => `$${params.push(value)}`;
  // The status and the row count are written into the statement, not passed as parameters: the
  // service runs it prepared, and a generic plan would neither match the index of available
  // donations to `status = $n` nor know how few rows `LIMIT $n` wants (a third slower, measured).
  // Both come from closed sets (a known status, 1 to 49 rows), so a few dozen statements exist.
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > DonationRules.maxPageSize + 1) throw new Error(`bad limit ${input.limit}`);
  const limit = String(input.limit);
  const distance = `(d.location <-> ${POINT})`;
  const point = POINT;
  const where = filtersOf(input, param);

  if (!input.center.given) {
    where.push(`ST_DWithin(d.location, ${point}, $3)`);
    if (input.cursor) where.push(`(d.created_at, d.id) < (${param(input.cursor.k)}::timestamptz, ${param(input.cursor.id)})`);
    return {
      sql: `SELECT ${DONATION_COLUMNS}, d.created_at AS sort_key FROM ${DONATION_FROM}
            WHERE ${where.join(' AND ')} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit}`,
      params,
    };
  }

  const cursor = input.cursor ? { k: param(input.cursor.k), id: param(input.cursor.id) } : null;

  if (input.tsquery) {
    if (cursor) where.push(`(${distance} > ${cursor.k} OR (${distance} = ${cursor.k} AND d.id > ${cursor.id}))`);
    return {
      sql: `SELECT ${DONATION_COLUMNS}, ${distance} AS sort_key FROM ${DONATION_FROM}
            WHERE ${where.join(' AND ')} AND ST_DWithin(d.location, ${point}, $3)
            ORDER BY ${distance}, d.id LIMIT ${limit}`,
      params,
    };
  }

  // The radius bounds the walk through the index (a box, on the sphere as `<->` measures) and
  // is then checked exactly against the distance shown.
  const spotDistance = `(s.location <-> ${point})`;
  const spotWhere = [`ST_DWithin(s.location, ${point}, $3, false)`, `${spotDistance} <= $3`];
  if (cursor) {
    spotWhere.push(`${spotDistance} >= ${cursor.k}`);
    where.push(`(s.distance > ${cursor.k} OR d.id > ${cursor.id})`);
  }
  return {
    sql: `WITH walk AS (
            SELECT d.*, s.latitude, s.longitude, s.distance AS sort_key
            FROM (SELECT s.spot, s.latitude, s.longitude, ${spotDistance} AS distance FROM "${SCHEMA}"."spots" s
                  WHERE ${spotWhere.join(' AND ')} ORDER BY s.location <-> ${point}) s
            CROSS JOIN LATERAL (SELECT ${CARD_COLUMNS_BUT_POSITION} FROM "${SCHEMA}"."donations" d
                  WHERE d.spot = s.spot AND ${where.join(' AND ')} ORDER BY d.id LIMIT ${limit}) d
            ORDER BY s.distance FETCH FIRST ${limit} ROWS WITH TIES),
          page AS (SELECT * FROM walk ORDER BY sort_key, id LIMIT ${limit})
          SELECT d.*, m.* FROM page d
          LEFT JOIN LATERAL (SELECT ${OWNER_COLUMNS} FROM "${SCHEMA}"."members" m WHERE m.user_id = d.owner_id LIMIT 1) m ON true
          ORDER BY d.sort_key, d.id`,
    params,
  };
}

/** The newest available donations wherever they are (index `donations_newest_idx`). */
export function recentSql(limit: number): string {
  if (!Number.isInteger(limit) || limit < 1 || limit > DonationRules.maxPageSize) throw new Error(`bad limit ${limit}`);
  return `SELECT ${DONATION_COLUMNS} FROM ${DONATION_FROM}
          WHERE d.status = 'available' ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit}`;
}
