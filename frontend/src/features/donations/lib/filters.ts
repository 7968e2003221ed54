import { DonationRules } from '@/lib/donations';
import { clampDistance, isCoordinates, type Coordinates } from '@/lib/location';
import type { DonationSearch, StatusFilter } from '../api/get-donations';

// The browse screen's state lives in the URL (docs/product.md#browse: category, query, status, distance, lat,
// lng), so a search can be shared, reloaded and navigated with Back. These functions are the
// only translation between the address bar, the filter form and the API's query string.

export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'available', 'reserved', 'completed'];

export interface DonationFilters {
  query: string;
  category: number | 'all';
  status: StatusFilter;
  distance: number;
  /** a position chosen for this search; null uses the member's location (or Casablanca) */
  position: Coordinates | null;
}

/** Router state a link to browse may carry: open the phone's filters sheet on arrival. */
export interface BrowseArrival {
  openFilters?: boolean;
}

export const DEFAULT_FILTERS: DonationFilters = {
  query: '',
  category: 'all',
  status: 'available',
  distance: DonationRules.defaultDistanceKm,
  position: null,
};

function parseCategory(value: string | null): number | 'all' {
  if (!value || !/^\d{1,6}$/.test(value)) return 'all';
  const id = Number(value);
  return id >= 1 ? id : 'all';
}

function parseStatus(value: string | null): StatusFilter {
  return STATUS_FILTERS.includes(value as StatusFilter) ? (value as StatusFilter) : DEFAULT_FILTERS.status;
}

function parseNumber(value: string | null): number {
  return value !== null && value.trim() !== '' ? Number(value) : NaN;
}

/** URL → filters. Unknown or malformed values fall back to the defaults; lat and lng go together. */
export function filtersFromSearchParams(
  params: URLSearchParams,
  defaults: Partial<Pick<DonationFilters, 'distance'>> = {},
): DonationFilters {
  const position = { lat: parseNumber(params.get('lat')), lng: parseNumber(params.get('lng')) };
  const fallbackDistance = defaults.distance ?? DEFAULT_FILTERS.distance;
  return {
    query: (params.get('query') ?? '').trim(),
    category: parseCategory(params.get('category')),
    status: parseStatus(params.get('status')),
    distance: params.has('distance') ? clampDistance(params.get('distance'), fallbackDistance) : clampDistance(fallbackDistance),
    position: isCoordinates(position) ? position : null,
  };
}

/** filters → URL, in the order of docs/product.md#browse; defaults (all categories, available, no text) are left out. */
/** The browse URL's query for these filters, in the list or the map view. */
export function filtersToSearchParams(filters: DonationFilters, view: 'list' | 'map' = 'list'): URLSearchParams {
  const params = new URLSearchParams();
  const query = filters.query.trim();
  if (query) params.set('query', query);
  if (filters.category !== 'all') params.set('category', String(filters.category));
  if (filters.status !== DEFAULT_FILTERS.status) params.set('status', filters.status);
  params.set('distance', String(clampDistance(filters.distance)));
  if (filters.position) {
    params.set('lat', String(filters.position.lat));
    params.set('lng', String(filters.position.lng));
  }
  if (view === 'map') params.set('view', 'map');
  return params;
}

/**
 * filters → GET /api/donations query. The search position is the URL's, else the member's,
 * else none (the server then uses Casablanca and sorts newest first).
 */
export function toDonationSearch(filters: DonationFilters, memberPosition: Coordinates | null): DonationSearch {
  const position = filters.position ?? memberPosition;
  const search: DonationSearch = {};
  const query = filters.query.trim();
  if (query) search.query = query;
  search.category = filters.category;
  search.status = filters.status;
  search.distance = clampDistance(filters.distance);
  if (position) {
    search.lat = position.lat;
    search.lng = position.lng;
  }
  search.limit = DonationRules.defaultPageSize;
  return search;
}

/** How many filters differ from the defaults (the phone's "Filtres (2)" button). */
export function activeFilterCount(filters: DonationFilters): number {
  return [
    filters.query !== '',
    filters.category !== DEFAULT_FILTERS.category,
    filters.status !== DEFAULT_FILTERS.status,
    filters.distance !== DEFAULT_FILTERS.distance,
  ].filter(Boolean).length;
}
