// The donations service's public entry point for tools outside it (the benchmarks): the exact SQL
// the service runs and the rounding of positions, so a benchmark measures the real thing.
export { searchSql } from './donations/search-sql.js';
export { PUBLIC_POINT } from './core/donation-row.js';
export { searchDocument, searchQuery } from './core/search-text.js';
export { SEARCH_INDEX_VERSION, SIMILAR_WORDS_SQL, TYPO_MIN_SIMILARITY, typoWords, vocabularyOf } from './core/search-index.js';
export { arabicTypoKeys } from './core/arabic-typos.js';
export { matchSql } from './saved-searches/saved-search-matches.js';
