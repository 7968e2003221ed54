import { sql, statementTemplate } from '@hdiya/platform';
import type { SqlBool } from 'kysely';
import { db } from '../database/db.js';
import { d } from '../core/donation-row.js';
import { distanceBetween, filtersOf, s, searcherPoint, shapeOf, spotsHoldingTheWords, valuesOf, withCells, within, type SearchShape, type SearchSqlInput, type SearchValue, type SearchValues } from './search-sql.js';

type CountShape = Omit<SearchShape, 'limit' | 'cursor'> & { cap: number };

/**
 * How many donations a search finds, counted up to `cap + 1` rows and no further: "N dons
 * trouvés" needs an exact figure for a neighbourhood, not for a whole city's thousands (shown as
 * "more than cap"), and a capped count reads at most `cap + 1` index entries however crowded the
 * radius. The rows are the search's own (see `searchStatement`): with a position, the spots within
 * the radius as the sphere measures; otherwise the donations within it as `ST_DWithin` measures.
 */
function buildCount(shape: CountShape, value: SearchValue) {
  if (!Number.isInteger(shape.cap) || shape.cap < 1) throw new Error(`bad cap ${shape.cap}`);
  const point = searcherPoint(value);
  const radius = value('radius');
  const where = filtersOf(shape, value);
  let found;
  if (shape.given) {
    let rows = db
      .selectFrom('spots as s')
      .innerJoin('donations as d', 'd.spot', 's.spot')
      .select(sql.lit(1).as('one'))
      .where(within(s.ref('s.location'), point, radius, false))
      .where(sql<SqlBool>`${distanceBetween(s.ref('s.location'), point)} <= ${radius}`);
    if (shape.words) rows = rows.where(spotsHoldingTheWords(s, value));
    for (const condition of where) rows = rows.where(condition);
    found = rows.limit(sql.lit(shape.cap + 1)).as('found');
  } else {
    let rows = db.selectFrom('donations as d').select(sql.lit(1).as('one'));
    for (const condition of where) rows = rows.where(condition);
    found = rows.where(within(d.ref('d.location'), point, radius)).limit(sql.lit(shape.cap + 1)).as('found');
  }
  return withCells({ words: shape.given && shape.words }, value).selectFrom(found).select(sql<number>`count(*)::int`.as('count'));
}

const countTemplates = new Map<string, ReturnType<typeof countTemplate>>();
const countTemplate = (shape: CountShape) => statementTemplate<SearchValues, ReturnType<typeof buildCount>>((value) => buildCount(shape, value));

/** The count for this search (see `buildCount`), its values as parameters; one template per shape. */
export function searchCountStatement(input: Omit<SearchSqlInput, 'cursor' | 'limit'>, cap: number) {
  const { given, status, category, words } = shapeOf({ ...input, cursor: null });
  const shape: CountShape = { given, status, category, words, cap };
  const key = JSON.stringify(shape);
  let template = countTemplates.get(key);
  if (!template) countTemplates.set(key, (template = countTemplate(shape)));
  return template(valuesOf({ ...input, cursor: null }));
}

/** The count as SQL text and parameters (the benchmark runs it straight against Postgres). */
export function searchCountSql(input: Omit<SearchSqlInput, 'cursor' | 'limit'>, cap: number): { sql: string; params: unknown[] } {
  const { sql: text, parameters } = searchCountStatement(input, cap).compile();
  return { sql: text, params: [...parameters] };
}
