import { DONATION_COLUMNS, DONATION_FROM } from './donation-row.js';
import type { PageCursor } from './page-cursor.js';
import { SCHEMA } from '../config.js';

export interface SearchSqlInput {
  center: { lat: number; lng: number; given: boolean };
  radiusMetres: number;
  /** null: every status but withdrawn ones. */
  status: string | null;
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
 * - Position alone (the hot path): the GiST index walks donations nearest first (KNN `<->`) and
 *   stops after one page; no radius condition inside that walk, or the planner, misled by
 *   ST_DWithin's estimates, prefers a bitmap scan that reads every donation in the radius. The
 *   radius is applied to the page. KNN orders by distance alone and donations at the very same
 *   spot (a city's centre) tie, so every row tied with the farthest one fetched joins the page
 *   before it is cut in (distance, id) order: pages never skip or repeat a donation.
 */
export function searchSql(input: SearchSqlInput): { sql: string; params: unknown[] } {
  const params: unknown[] = [input.center.lng, input.center.lat, input.radiusMetres];
  const param = (value: unknown) => `$${params.push(value)}`;
  const point = `ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography`;
  const distance = `(d.location <-> ${point})`;
  const where: string[] = [input.status ? `d.status = ${param(input.status)}` : `d.status <> 'cancelled'`];
  if (input.categoryId !== null) where.push(`d.category_id = ${param(input.categoryId)}`);
  if (input.tsquery) where.push(`d.search @@ to_tsquery('simple', ${param(input.tsquery)})`);

  if (!input.center.given) {
    where.push(`ST_DWithin(d.location, ${point}, $3)`);
    if (input.cursor) where.push(`(d.created_at, d.id) < (${param(input.cursor.k)}::timestamptz, ${param(input.cursor.id)})`);
    return {
      sql: `SELECT ${DONATION_COLUMNS}, d.created_at AS sort_key FROM ${DONATION_FROM}
            WHERE ${where.join(' AND ')} ORDER BY d.created_at DESC, d.id DESC LIMIT ${param(input.limit)}`,
      params,
    };
  }

  if (input.cursor) {
    const [k, id] = [param(input.cursor.k), param(input.cursor.id)];
    where.push(`(${distance} > ${k} OR (${distance} = ${k} AND d.id > ${id}))`);
  }
  const limit = param(input.limit);

  if (input.tsquery) {
    return {
      sql: `SELECT ${DONATION_COLUMNS}, ${distance} AS sort_key FROM ${DONATION_FROM}
            WHERE ${where.join(' AND ')} AND ST_DWithin(d.location, ${point}, $3)
            ORDER BY ${distance}, d.id LIMIT ${limit}`,
      params,
    };
  }

  const filters = where.join(' AND ');
  return {
    sql: `WITH knn AS (
            SELECT d.id, ${distance} AS dist FROM "${SCHEMA}"."donations" d
            WHERE ${filters} ORDER BY d.location <-> ${point} LIMIT ${limit}),
          edge AS (SELECT max(dist) AS dist FROM knn),
          page AS (
            SELECT id, dist FROM knn WHERE dist < (SELECT dist FROM edge)
            UNION
            SELECT d.id, ${distance} FROM "${SCHEMA}"."donations" d
            WHERE ${filters} AND ST_DWithin(d.location, ${point}, (SELECT dist FROM edge) * 1.01 + 1)
              AND ${distance} = (SELECT dist FROM edge))
          SELECT ${DONATION_COLUMNS}, page.dist AS sort_key FROM page JOIN ${DONATION_FROM} ON d.id = page.id
          WHERE page.dist <= $3
          ORDER BY page.dist, d.id LIMIT ${limit}`,
    params,
  };
}
