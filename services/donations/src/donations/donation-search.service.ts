import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  canonicalStatus,
  DEFAULT_CITY,
  DonationMessages,
  DonationRules,
  ErrorCodes,
  type DonationPage,
  type DonationStatus,
  type DonationView,
  type PositionQuery,
  type SearchDonationsQuery,
} from '@hdiya/contracts';
import { preparedRows, rpcError } from '@hdiya/platform';
import { CategoryCheck } from '../core/category-check.js';
import { toDonationView } from '../core/donation-row.js';
import { pageOf } from '../core/page.js';
import { decodeCursor } from '../core/page-cursor.js';
import { recentStatement, searchStatement } from './search-sql.js';
import { normalizeForSearch, searchQuery } from '../core/search-text.js';
import { ARABIC_SIMILAR_WORDS_SQL, isTypoOf, SIMILAR_WORDS_SQL, SUGGESTED_WORDS_SQL, TYPO_ALTERNATIVES, TYPO_MIN_SIMILARITY, typoWords } from '../core/search-index.js';
import { arabicTypoDistance, arabicTypoForm, arabicTypoKeys, isArabicSuggestionFor, isArabicTypoOf } from '../core/arabic-typos.js';

/** Nearest first as a typo goes in Arabic letters, then the shorter, then in the vocabulary's order. */
const byDistanceTo = (form: string) => (a: string, b: string) =>
  arabicTypoDistance(form, a) - arabicTypoDistance(form, b) || [...a].length - [...b].length || (a < b ? -1 : a > b ? 1 : 0);

interface Center {
  lat: number;
  lng: number;
  /** True when the searcher gave their position; false when Casablanca stands in for it. */
  given: boolean;
}

/** Resolves where a search looks from: both coordinates, or Casablanca (docs/product.md#browse). */
export function centerOf(query: PositionQuery): Center {
  const hasLat = query.lat !== undefined;
  const hasLng = query.lng !== undefined;
  if (hasLat !== hasLng) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.bothCoordinates, hasLat ? 'lng' : 'lat');
  return hasLat ? { lat: query.lat!, lng: query.lng!, given: true } : { lat: DEFAULT_CITY.lat, lng: DEFAULT_CITY.lng, given: false };
}

/**
 * Geo and text search (see `searchSql`): within the radius of the searcher, or of Casablanca
 * when no position is given; each item carries its distance when a position was given.
 */
@Injectable()
export class DonationSearchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly categories: CategoryCheck,
  ) {}

  async search(query: SearchDonationsQuery, withTotal = true): Promise<DonationPage> {
    const center = centerOf(query);
    const limit = query.limit ?? DonationRules.defaultPageSize;
    let categoryId: number | null = null;
    if (query.category && query.category !== 'all') {
      categoryId = Number(query.category);
      await this.categories.assertExists(categoryId, 'category');
    }
    const filters = {
      center,
      radiusMetres: (query.distance ?? DonationRules.defaultDistanceKm) * 1000,
      status: this.statusFilter(query.status),
      categoryId,
      tsquery: query.query ? searchQuery(query.query, await this.similarWords(query.query)) : null,
    };
    const cursor = decodeCursor(query.cursor, center.given ? 'number' : 'time');
    // Search is the busiest read: a named prepared statement (preparedRows), so each pooled
    // connection plans each of its few dozen shapes once. The first page also says how many were
    // found in all, counted in the same statement (`total_count`, on each row; no row, none found).
    const cap = cursor || !withTotal ? undefined : DonationRules.searchCountCap;
    const rows = await preparedRows(this.dataSource.manager, searchStatement({ ...filters, cursor, limit: limit + 1, countUpTo: cap }));
    const page = pageOf(rows, limit, center.given);
    if (cap === undefined) return page;
    const found = rows[0]?.total_count ?? 0;
    const suggestion = found === 0 && query.query ? await this.suggestionFor(query) : undefined;
    return { ...page, total: { count: Math.min(found, cap), capped: found > cap }, ...(suggestion ? { suggestion } : {}) };
  }

  /** Typo tolerance (decisions 0043, 0078): the vocabulary's words most like each word of the query it does not know, when a typo of it. */
  private async similarWords(query: string): Promise<Map<string, string[]>> {
    const latin = typoWords(query);
    const found: { word: string; similar: string[] }[] = latin.length === 0 ? [] : await this.dataSource.query(SIMILAR_WORDS_SQL, [latin, TYPO_MIN_SIMILARITY]);
    const typos = found.map((row) => [row.word, row.similar.filter((near) => isTypoOf(row.word, near)).slice(0, TYPO_ALTERNATIVES)] as const);
    const arabic = (await this.arabicCandidates(query)).map(
      (row) => [row.word, row.similar.filter((near) => isArabicTypoOf(row.form, near)).sort(byDistanceTo(row.form)).slice(0, TYPO_ALTERNATIVES)] as const,
    );
    return new Map([...typos, ...arabic].filter(([, similar]) => similar.length > 0));
  }

  /** The words sharing a key in the deletion index with each Arabic word of the query the vocabulary does not know (decision 0078). */
  private async arabicCandidates(query: string): Promise<{ word: string; form: string; similar: string[] }[]> {
    const words = [...new Set(normalizeForSearch(query).split(' '))].flatMap((w) => {
      const form = arabicTypoForm(w);
      return form ? [{ w, form, keys: arabicTypoKeys(form) }] : [];
    });
    return words.length === 0 ? [] : this.dataSource.query(ARABIC_SIMILAR_WORDS_SQL, [JSON.stringify(words)]);
  }

  /**
   * "Did you mean" for a search that found nothing (issue 46): its words, each replaced by the
   * vocabulary's word most like it, offered only when that search finds something in the same place.
   */
  private async suggestionFor(query: SearchDonationsQuery): Promise<string | undefined> {
    const words = normalizeForSearch(query.query!).split(' ').filter(Boolean);
    const latin = typoWords(query.query!);
    const found: { word: string; suggestion: string | null }[] = latin.length === 0 ? [] : await this.dataSource.query(SUGGESTED_WORDS_SQL, [latin]);
    const better = new Map(found.filter((row) => row.suggestion !== null).map((row) => [row.word, row.suggestion!]));
    // In Arabic letters, the nearest word the deletion index gives that a typo could have made.
    for (const row of await this.arabicCandidates(query.query!)) {
      const nearest = row.similar.filter((near) => isArabicSuggestionFor(row.form, near)).sort(byDistanceTo(row.form))[0];
      if (nearest) better.set(row.word, nearest);
    }
    if (better.size === 0) return undefined;
    const suggestion = words.map((word) => better.get(word) ?? word).join(' ');
    const tried = await this.search({ ...query, query: suggestion, cursor: undefined, limit: 1 }, false);
    return tried.items.length > 0 ? suggestion : undefined;
  }

  /** Up to 8 available donations, nearest first (home page). */
  async nearby(query: PositionQuery): Promise<DonationView[]> {
    const page = await this.search({ ...query, status: 'available', limit: DonationRules.nearbyLimit }, false);
    return page.items;
  }

  /**
   * Up to 8 available donations, newest first, anywhere in the country: the home page's list when
   * the visitor gave no position (the search would only look around Casablanca).
   */
  async recent(): Promise<DonationView[]> {
    const rows = await preparedRows(this.dataSource.manager, recentStatement(DonationRules.nearbyLimit));
    return rows.map((row) => toDonationView(row));
  }

  /** Default `available`; `all` means every status but withdrawn ones. */
  private statusFilter(word: string | undefined): DonationStatus | null {
    if (word === undefined || word === '') return 'available';
    if (word.trim().toLowerCase() === 'all') return null;
    const status = canonicalStatus(word);
    if (!status) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.status, 'status');
    return status;
  }
}
