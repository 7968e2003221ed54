import { DONATION_STATUSES, DonationRules, type DonationStatus } from '@hdiya/contracts';
import { expressionBuilder, sql, statementTemplate, type Geography } from '@hdiya/platform';
import type { Expression, ExpressionBuilder, RawBuilder, SqlBool } from 'kysely';
import { db } from '../database/db.js';
import type { DB } from '../database/schema.generated.js';
import { CARD_COLUMNS_BUT_POSITION, d, donationCards, OWNER_COLUMNS } from '../core/donation-row.js';
import type { PageCursor } from '../core/page-cursor.js';
import { spotQueryOf } from '../core/search-text.js';

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
  /** The first page also counts what the search finds, up to this many (column `total_count`). */
  countUpTo?: number;
}

/** Conditions and columns on `spots s`. */
const s = expressionBuilder<{ s: DB['spots'] }, 's'>();

/** The values a search statement takes as parameters; everything else is written into it. */
type SearchValues = {
  lng: number;
  lat: number;
  radius: number;
  categoryId: number;
  tsquery: string;
  /** What the spots' index is asked for the tsquery (`spotQueryOf`), as tsquery input. */
  spotQuery: string;
  /** The cursor's sort key (a distance, or a time in ISO form) and id. */
  cursorK: number | string;
  cursorId: number;
};

/**
 * The spot holds the words, as the spots' index on (location, words) answers (migration
 * SpotWordIndex): the walk skips, inside the index, every spot none of whose donations holds them,
 * and a word absent from the radius is answered by the index's entries of the radius alone. The
 * parameter is typed where it is named: Postgres reads it as a tsquery once, at Bind.
 */
const spotsHoldingTheWords = (spot: Pick<ExpressionBuilder<{ s: DB['spots'] }, 's'>, 'ref'>, value: SearchValue) =>
  sql<SqlBool>`${spot.ref('s.words')} @@ ${value('spotQuery')}::tsquery`;

/**
 * The searcher's tsquery, parsed once per statement: a scalar subquery is worked out once (an
 * InitPlan), where `to_tsquery($n)` on a generic plan's parameter would parse the text again for
 * every donation the walk reads (a third of a search that finds nothing, measured).
 */
const parsedQuery = (value: SearchValue) => sql<string>`(SELECT to_tsquery('simple', ${value('tsquery')}))`;

/** A search's parameter, by name: one parameter however often the statement names it. */
type SearchValue = <Name extends keyof SearchValues>(name: Name) => RawBuilder<SearchValues[Name]>;

/**
 * What makes two searches one statement (one template, one prepared statement). `cap`: the first
 * page's statement also counts what the search finds, up to this many (`searchCount`); 0 for none.
 */
type SearchShape = Pick<SearchSqlInput, 'status' | 'limit'> & { given: boolean; category: boolean; words: boolean; cursor: boolean; cap: number };

const shapeOf = (input: SearchSqlInput): SearchShape => ({
  given: input.center.given,
  status: input.status,
  limit: input.limit,
  category: input.categoryId !== null,
  words: input.tsquery !== null && input.tsquery !== '',
  cursor: input.cursor !== null,
  cap: input.countUpTo ?? 0,
});

const valuesOf = (input: SearchSqlInput): SearchValues => ({
  lng: input.center.lng,
  lat: input.center.lat,
  radius: input.radiusMetres,
  // Unused unless the shape says so.
  categoryId: input.categoryId ?? 0,
  tsquery: input.tsquery ?? '',
  spotQuery: input.tsquery ? spotQueryOf(input.tsquery) : '',
  cursorK: input.cursor?.k ?? 0,
  cursorId: input.cursor?.id ?? 0,
});

/** The searcher's position as a geography: `$1`, `$2` wherever named, so the planner sees one distance where the index orders by it and the statement selects it. */
const searcherPoint = (value: SearchValue) => sql<Geography>`ST_SetSRID(ST_MakePoint(${value('lng')}, ${value('lat')}), 4326)::geography`;

/** Within `radius` metres of `point` (`useSpheroid` false: on the sphere, as `<->` measures). */
const within = (location: Expression<Geography>, point: RawBuilder<Geography>, radius: Expression<number>, useSpheroid = true) =>
  useSpheroid ? sql<SqlBool>`ST_DWithin(${location}, ${point}, ${radius})` : sql<SqlBool>`ST_DWithin(${location}, ${point}, ${radius}, false)`;

/** The distance (metres, on the sphere) the GiST indexes order by. */
const distanceBetween = (location: Expression<Geography>, point: RawBuilder<Geography>) => sql<number>`(${location} <-> ${point})`;

/**
 * The conditions on a donation's own columns (status, category, words), on `d`. Shared by the
 * search and its count, so both always agree.
 */
function filtersOf(shape: Pick<SearchShape, 'given' | 'status' | 'category' | 'words'>, value: SearchValue): Expression<SqlBool>[] {
  if (shape.status !== null && !DONATION_STATUSES.includes(shape.status)) throw new Error(`unknown status ${shape.status}`);
  const where: Expression<SqlBool>[] = [shape.status ? d('d.status', '=', sql.lit(shape.status)) : d('d.status', '<>', sql.lit('cancelled'))];
  if (shape.category) where.push(d('d.category_id', '=', value('categoryId')));
  if (shape.words) {
    const tsquery = parsedQuery(value);
    // With a position, the function form of `@@`, which no index answers: the walk checks each
    // nearby donation's words as it goes, rather than the planner fetching every match in the
    // country from the text index for each spot (decision 0043). Without one (newest first), the
    // text index still narrows the rows.
    where.push(shape.given ? sql<SqlBool>`ts_match_vq(${d.ref('d.search')}, ${tsquery})` : sql<SqlBool>`${d.ref('d.search')} @@ ${tsquery}`);
  }
  return where;
}

/**
 * The search statement, shared by the service and the benchmark (which runs it raw against
 * Postgres to compare). Keyset pagination in every case: it continues after the cursor's (key, id).
 *
 * - No position: within the radius of Casablanca, newest first.
 * - Position, with or without words (the hot path): a walk of the spots (the grid points donations are shown at)
 *   within the radius, nearest first (KNN `<->`); at each spot its donations in id order, from
 *   the index on (spot, status, id), at most a page of them. The walk stops at the first spot
 *   that fills the page (`FETCH FIRST n ROWS WITH TIES` on the spot's distance takes in that
 *   spot, and another at the very same distance), never reading more than a page of a crowded
 *   spot (a city's centre); the page is then cut in (distance, id) order. Ordering the walk by
 *   the distance alone, which the index gives, leaves the planner no sort to put below the cut
 *   (with a sort, it would read every spot in the radius). Owner names come with the donation's
 *   row (decision 0049). Words filter each spot's donations on the way (decision 0043): a common word
 *   fills the page in the first spots, where the text index would have fetched its every match in
 *   the country (80,000 of a million for "chaise") to sort them by distance; the spots' index
 *   skips every spot none of whose donations holds them, so a rare one reads only the spots that
 *   hold it.
 */
function buildSearch(shape: SearchShape, value: SearchValue) {
  // The status and the row count are written into the statement, not passed as parameters: the
  // service runs it prepared, and a generic plan would neither match the index of available
  // donations to `status = $n` nor know how few rows `LIMIT $n` wants (a third slower, measured).
  // Both come from closed sets (a known status, 1 to 49 rows), so a few dozen statements exist.
  if (!Number.isInteger(shape.limit) || shape.limit < 1 || shape.limit > DonationRules.maxPageSize + 1) throw new Error(`bad limit ${shape.limit}`);
  if (!Number.isInteger(shape.cap) || shape.cap < 0 || (shape.cap > 0 && shape.cursor)) throw new Error(`bad cap ${shape.cap}`);
  const limit = sql.lit(shape.limit);
  const point = searcherPoint(value);
  const radius = value('radius');
  const where = filtersOf(shape, value);
  const cursor = shape.cursor ? { k: value('cursorK'), id: value('cursorId') } : null;

  // The first page's count: a scalar subquery, worked out once (an InitPlan) when the first row is
  // made, and never when there is none (then nothing was found). In the page's own statement, it
  // costs no round trip of its own (a third of the service's CPU went to writing statements to
  // Postgres, measured).
  const total = shape.cap > 0 ? searchCount(shape, where, point, radius, value) : null;

  if (!shape.given) {
    let query = donationCards().select('d.created_at as sort_key');
    for (const condition of where) query = query.where(condition);
    query = query.where(within(d.ref('d.location'), point, radius));
    if (cursor) query = query.where(sql<SqlBool>`(${d.ref('d.created_at')}, ${d.ref('d.id')}) < (${cursor.k}::timestamptz, ${cursor.id})`);
    return query
      .$if(total !== null, (q) => q.select(total!.as('total_count')))
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit);
  }

  const spotDistance = distanceBetween(s.ref('s.location'), point);
  let spots = db.selectFrom('spots as s').select(['s.spot', 's.latitude', 's.longitude', spotDistance.as('distance')]);
  for (const condition of spotsInReach(shape, point, radius, value)) spots = spots.where(condition);
  if (cursor) spots = spots.where(sql<SqlBool>`${spotDistance} >= ${cursor.k}`);
  const walk = db
    .selectFrom(spots.orderBy(spotDistance).as('s'))
    .crossJoinLateral((eb) => {
      let cards = eb.selectFrom('donations as d').select([...CARD_COLUMNS_BUT_POSITION, ...OWNER_COLUMNS]).whereRef('d.spot', '=', 's.spot');
      for (const condition of where) cards = cards.where(condition);
      if (cursor) cards = cards.where(sql<SqlBool>`(${sql.ref('s.distance')} > ${cursor.k} OR ${d.ref('d.id')} > ${cursor.id})`);
      return cards.orderBy('d.id').limit(limit).as('d');
    })
    .selectAll('d')
    .select(['s.latitude', 's.longitude', 's.distance as sort_key'])
    .orderBy('s.distance')
    .modifyEnd(sql`fetch first ${limit} rows with ties`);
  return db
    .with('walk', () => walk)
    .selectFrom('walk')
    .selectAll()
    .$if(total !== null, (q) => q.select(total!.as('total_count')))
    .orderBy('sort_key')
    .orderBy('id')
    .limit(limit);
}

/**
 * How many donations a search finds, counted up to `cap + 1` rows and no further: "N dons
 * trouvés" needs an exact figure for a neighbourhood, not for a whole city's thousands (shown as
 * "more than cap", decisions 0028 and 0050), and a capped count reads at most `cap + 1` index
 * entries however crowded the radius. The rows are the search's own: with a position, the spots
 * within the radius as the sphere measures (with words, those holding them); otherwise the
 * donations within it as `ST_DWithin` measures.
 */
function searchCount(shape: SearchShape, where: Expression<SqlBool>[], point: RawBuilder<Geography>, radius: RawBuilder<number>, value: SearchValue) {
  const cap = sql.lit(shape.cap + 1);
  let found;
  if (shape.given) {
    let rows = db.selectFrom('spots as s').innerJoin('donations as d', 'd.spot', 's.spot').select(sql.lit(1).as('one'));
    for (const condition of [...spotsInReach(shape, point, radius, value), ...where]) rows = rows.where(condition);
    found = rows.limit(cap).as('found');
  } else {
    let rows = db.selectFrom('donations as d').select(sql.lit(1).as('one'));
    for (const condition of where) rows = rows.where(condition);
    found = rows.where(within(d.ref('d.location'), point, radius)).limit(cap).as('found');
  }
  return db.selectFrom(found).select(sql<number>`count(*)::int`.as('count'));
}

/**
 * The spots a search walks and counts, on `s`: within the radius, the index's box first (on the
 * sphere, as `<->` measures), then the exact distance; with words, only those holding them.
 */
function spotsInReach(shape: Pick<SearchShape, 'words'>, point: RawBuilder<Geography>, radius: RawBuilder<number>, value: SearchValue): Expression<SqlBool>[] {
  const conditions = [within(s.ref('s.location'), point, radius, false), sql<SqlBool>`${distanceBetween(s.ref('s.location'), point)} <= ${radius}`];
  if (shape.words) conditions.push(spotsHoldingTheWords(s, value));
  return conditions;
}

/** One template per shape, built and compiled once (a few dozen shapes exist, see `buildSearch`). */
const searchTemplates = new Map<string, ReturnType<typeof searchTemplate>>();
const searchTemplate = (shape: SearchShape) => statementTemplate<SearchValues, ReturnType<typeof buildSearch>>((value) => buildSearch(shape, value));

/** The search statement for this input (see `buildSearch`), its values as parameters. */
export function searchStatement(input: SearchSqlInput) {
  const shape = shapeOf(input);
  const key = JSON.stringify(shape);
  let template = searchTemplates.get(key);
  if (!template) searchTemplates.set(key, (template = searchTemplate(shape)));
  return template(valuesOf(input));
}

/** The search as SQL text and parameters (the benchmark runs it straight against Postgres). */
export function searchSql(input: SearchSqlInput): { sql: string; params: unknown[] } {
  const { sql: text, parameters } = searchStatement(input).compile();
  return { sql: text, params: [...parameters] };
}

/** The newest available donations wherever they are (index `donations_newest_idx`). */
export function recentStatement(limit: number) {
  if (!Number.isInteger(limit) || limit < 1 || limit > DonationRules.maxPageSize) throw new Error(`bad limit ${limit}`);
  return donationCards()
    .where('d.status', '=', sql.lit('available'))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(sql.lit(limit));
}
