// @ts-check
// The statements the search benchmark runs: the service's page ("available within 10 km, a page of
// 24 + 1") and the bare KNN it is compared with. Shared by search-bench.mjs and floor-chain.mjs.
import { searchSql } from '@hdiya/donations/search-api';
import { DonationRules } from '@hdiya/contracts';

/** @typedef {{ lat: number, lng: number }} Point  where a searcher stands */

/** The service's statement (card columns, owner names, keyset tie-break), for a searcher at `p`. */
export const pageStatement = (/** @type {Point} */ p) =>
  searchSql({ center: { ...p, given: true }, radiusMetres: 10_000, status: 'available', categoryId: null, tsquery: null, cursor: null, limit: 25 });

/**
 * The same page with words (decision 0043): the searcher's query as the service turns it into a
 * tsquery (every form of each word: prefix, stem, skeleton, concept, the typo's neighbours).
 * @param {Point} p
 * @param {string} tsquery
 */
export const textPageStatement = (p, tsquery) =>
  searchSql({ center: { ...p, given: true }, radiusMetres: 10_000, status: 'available', categoryId: null, tsquery, cursor: null, limit: 25 });

/** The first page as the service runs it: the same page, and how many the search found in all ("N dons trouvés", capped as the service caps it) in a column. */
export const firstPageStatement = (/** @type {Point} */ p) =>
  searchSql({ center: { ...p, given: true }, radiusMetres: 10_000, status: 'available', categoryId: null, tsquery: null, cursor: null, limit: 25, countUpTo: DonationRules.searchCountCap });

/** The reference: the bare KNN query returning ids only, as first measured on this kind of machine. */
export const bareStatement = (/** @type {Point} */ p) => ({
  sql: `SELECT id FROM donations.donations WHERE status = 'available'
        AND ST_DWithin(location, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 10000)
        ORDER BY location <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography LIMIT 24`,
  params: [p.lng, p.lat],
});
