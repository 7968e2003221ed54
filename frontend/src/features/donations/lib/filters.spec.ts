import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_FILTERS, filtersFromSearchParams, filtersToSearchParams, toDonationSearch, type DonationFilters } from './filters';

const params = (query: string) => new URLSearchParams(query);

describe(filtersFromSearchParams.name, () => {
  it('should give the defaults for an empty URL: all categories, available, 10 km, no position', () => {
    expect(filtersFromSearchParams(params(''))).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toEqual({ query: '', category: 'all', status: 'available', distance: 10, position: null });
  });

  it('should read every spec parameter', () => {
    expect(filtersFromSearchParams(params('query=canap%C3%A9&category=3&status=reserved&distance=25&lat=34.01&lng=-6.83'))).toEqual({
      query: 'canapé',
      category: 3,
      status: 'reserved',
      distance: 25,
      position: { lat: 34.01, lng: -6.83 },
    });
  });

  it('should fall back on malformed values', () => {
    expect(filtersFromSearchParams(params('category=abc&status=lost&distance=x'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearchParams(params('category=0')).category).toBe('all');
    expect(filtersFromSearchParams(params('category=all')).category).toBe('all');
  });

  it('should clamp the distance to 1–50 km', () => {
    expect(filtersFromSearchParams(params('distance=0')).distance).toBe(1);
    expect(filtersFromSearchParams(params('distance=120')).distance).toBe(50);
  });

  it("should use the member's saved radius when the URL names none", () => {
    expect(filtersFromSearchParams(params(''), { distance: 30 }).distance).toBe(30);
    expect(filtersFromSearchParams(params('distance=5'), { distance: 30 }).distance).toBe(5);
  });

  it('should take lat and lng only together and in range', () => {
    expect(filtersFromSearchParams(params('lat=33.5')).position).toBeNull();
    expect(filtersFromSearchParams(params('lat=95&lng=-7')).position).toBeNull();
    expect(filtersFromSearchParams(params('lat=&lng=')).position).toBeNull();
  });

  it('should accept status all', () => {
    expect(filtersFromSearchParams(params('status=all')).status).toBe('all');
  });
});

describe(filtersToSearchParams.name, () => {
  it('should leave defaults out but always write the distance', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('distance=10');
  });

  it('should write query, category, status, distance, lat and lng', () => {
    const filters: DonationFilters = {
      query: '  livres ',
      category: 4,
      status: 'all',
      distance: 15,
      position: { lat: 33.5731, lng: -7.5898 },
    };
    expect(filtersToSearchParams(filters).toString()).toBe('query=livres&category=4&status=all&distance=15&lat=33.5731&lng=-7.5898');
  });

  it('should round-trip through the URL', () => {
    const filters: DonationFilters = { query: 'vélo', category: 2, status: 'completed', distance: 42, position: { lat: 31.63, lng: -8 } };
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
    expect(filtersFromSearchParams(filtersToSearchParams(DEFAULT_FILTERS))).toEqual(DEFAULT_FILTERS);
  });

  it('should name the map view last, and the list view not at all', () => {
    expect(filtersToSearchParams({ ...DEFAULT_FILTERS, position: { lat: 34.68, lng: -1.9 } }, 'map').toString()).toBe(
      'distance=10&lat=34.68&lng=-1.9&view=map',
    );
    expect(filtersToSearchParams(DEFAULT_FILTERS, 'list').has('view')).toBe(false);
  });
});

describe(toDonationSearch.name, () => {
  const member = { lat: 34.0132, lng: -6.8326 };

  it("should search from the URL's position first", () => {
    const filters = { ...DEFAULT_FILTERS, position: { lat: 31.63, lng: -8 } };
    expect(toDonationSearch(filters, member)).toMatchObject({ lat: 31.63, lng: -8 });
  });

  it("should else search from the member's position", () => {
    expect(toDonationSearch(DEFAULT_FILTERS, member)).toMatchObject({ lat: 34.0132, lng: -6.8326 });
  });

  it('should send no position at all when none is known (the server uses Casablanca)', () => {
    const search = toDonationSearch(DEFAULT_FILTERS, null);
    expect(search).not.toHaveProperty('lat');
    expect(search).not.toHaveProperty('lng');
    expect(search).toEqual({ category: 'all', status: 'available', distance: 10, limit: 24 });
  });

  it('should trim the text and drop it when empty', () => {
    expect(toDonationSearch({ ...DEFAULT_FILTERS, query: '  lit bébé ' }, null).query).toBe('lit bébé');
    expect(toDonationSearch({ ...DEFAULT_FILTERS, query: '   ' }, null)).not.toHaveProperty('query');
  });
});

describe('active filter count', () => {
  it('should count only the filters that differ from the defaults (the phone\'s "Filtres (n)")', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, query: 'vélo', category: 3 })).toBe(2);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, status: 'all', distance: 25, position: { lat: 34, lng: -6 } })).toBe(2);
  });
});
