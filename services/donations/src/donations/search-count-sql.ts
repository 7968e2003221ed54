import { SCHEMA } from '../config.js';
import { filtersOf, POINT, type SearchSqlInput } from './search-sql.js';

/**
 * How many donations a search finds, counted up to `cap + 1` rows and no further: "N dons
 * trouvés" needs an exact figure for a neighbourhood, not for a whole city's thousands (shown as
 * "more than cap"), and a capped count reads at most `cap + 1` index entries however crowded the
 * radius. The rows are the search's own (see `searchSql`): with a position and no words, the
 * spots within the radius as the sphere measures; otherwise the donations within it as
 * `ST_DWithin` measures.
 */
export function searchCountSql(input: Omit<SearchSqlInput, 'cursor' | 'limit'>, cap: number): { sql: string; params: unknown[] } {
  if (!Number.isInteger(cap) || cap < 1) throw new Error(`bad cap ${cap}`);
  const params: unknown[] = [input.center.lng, input.center.lat, input.radiusMetres];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where = filtersOf(input, param);
  const rows =
    input.center.given && !input.tsquery
      ? `SELECT 1 FROM "${SCHEMA}"."spots" s JOIN "${SCHEMA}"."donations" d ON d.spot = s.spot
         WHERE ST_DWithin(s.location, ${POINT}, $3, false) AND (s.location <-> ${POINT}) <= $3 AND ${where.join(' AND ')}`
      : `SELECT 1 FROM "${SCHEMA}"."donations" d WHERE ${where.join(' AND ')} AND ST_DWithin(d.location, ${POINT}, $3)`;
  return { sql: `SELECT count(*)::int AS count FROM (${rows} LIMIT ${cap + 1}) found`, params };
}
