import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  canonicalStatus,
  DEFAULT_CITY,
  DonationMessages,
  DonationRules,
  ErrorCodes,
  type DonationPage,
  type DonationView,
  type PositionQuery,
  type SearchDonationsQuery,
} from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { CategoriesService } from '../categories/categories.service.js';
import { DONATION_COLUMNS, DONATION_FROM, toDonationView, type DonationRow } from './donation-row.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { searchQuery } from './search-text.js';

interface Center {
  lat: number;
  lng: number;
  /** True when the searcher gave their position; false when Casablanca stands in for it. */
  given: boolean;
}

/** Resolves where a search looks from: both coordinates, or Casablanca (spec §2). */
export function centerOf(query: PositionQuery): Center {
  const hasLat = query.lat !== undefined;
  const hasLng = query.lng !== undefined;
  if (hasLat !== hasLng) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.bothCoordinates, hasLat ? 'lng' : 'lat');
  return hasLat ? { lat: query.lat!, lng: query.lng!, given: true } : { lat: DEFAULT_CITY.lat, lng: DEFAULT_CITY.lng, given: false };
}

/**
 * Geo and text search. With a position: within the radius, nearest first (GiST KNN), each item
 * with its distance. Without: within the radius of Casablanca, newest first.
 */
@Injectable()
export class DonationSearchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly categories: CategoriesService,
  ) {}

  async search(query: SearchDonationsQuery): Promise<DonationPage> {
    const center = centerOf(query);
    const radiusMetres = (query.distance ?? DonationRules.defaultDistanceKm) * 1000;
    const limit = query.limit ?? DonationRules.defaultPageSize;
    const params: unknown[] = [center.lng, center.lat, radiusMetres];
    const point = `ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography`;
    const where = [`ST_DWithin(d.location, ${point}, $3)`];

    const status = this.statusFilter(query.status);
    if (status) {
      params.push(status);
      where.push(`d.status = $${params.length}`);
    } else {
      where.push(`d.status <> 'cancelled'`);
    }
    if (query.category && query.category !== 'all') {
      const categoryId = Number(query.category);
      await this.categories.assertExists(categoryId, 'category');
      params.push(categoryId);
      where.push(`d.category_id = $${params.length}`);
    }
    const text = query.query ? searchQuery(query.query) : null;
    if (text) {
      params.push(text);
      where.push(`d.search @@ to_tsquery('simple', $${params.length})`);
    }

    let order: string;
    let sortKey: string;
    if (center.given) {
      sortKey = `(d.location <-> ${point})`;
      order = `${sortKey}, d.id`;
      const cursor = decodeCursor(query.cursor, 'number');
      if (cursor) {
        params.push(cursor.k, cursor.id);
        where.push(`(${sortKey} > $${params.length - 1} OR (${sortKey} = $${params.length - 1} AND d.id > $${params.length}))`);
      }
    } else {
      sortKey = 'd.created_at';
      order = 'd.created_at DESC, d.id DESC';
      const cursor = decodeCursor(query.cursor, 'time');
      if (cursor) {
        params.push(cursor.k, cursor.id);
        where.push(`(d.created_at, d.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
      }
    }
    params.push(limit + 1);
    const rows = (await this.dataSource.query(
      `SELECT ${DONATION_COLUMNS}, ${sortKey} AS sort_key FROM ${DONATION_FROM}
       WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${params.length}`,
      params,
    )) as (DonationRow & { sort_key: number | Date })[];
    return pageOf(rows, limit, center.given ? center : undefined);
  }

  /** Up to 8 available donations, nearest first (home page). */
  async nearby(query: PositionQuery): Promise<DonationView[]> {
    const page = await this.search({ ...query, status: 'available', limit: DonationRules.nearbyLimit });
    return page.items;
  }

  /** Default `available`; `all` means every status but withdrawn ones. */
  private statusFilter(word: string | undefined): string | null {
    if (word === undefined || word === '') return 'available';
    if (word.trim().toLowerCase() === 'all') return null;
    const status = canonicalStatus(word);
    if (!status) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.status, 'status');
    return status;
  }
}

export function pageOf(
  rows: (DonationRow & { sort_key: number | Date })[],
  limit: number,
  from?: { lat: number; lng: number },
): DonationPage {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ k: last.sort_key instanceof Date ? last.sort_key.toISOString() : Number(last.sort_key), id: last.id })
      : null;
  return { items: items.map((row) => toDonationView(row, from)), nextCursor };
}
