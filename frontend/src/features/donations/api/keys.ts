// Query keys of the donations feature in one place, so mutations invalidate exactly what they change.
export const donationKeys = {
  all: ['donations'] as const,
  list: (search: object) => ['donations', 'list', search] as const,
  recent: ['donations', 'recent'] as const,
  nearby: (search: object) => ['donations', 'nearby', search] as const,
  detail: (id: number) => ['donations', 'detail', id] as const,
  waitlist: (id: number) => ['donations', 'waitlist', id] as const,
  handover: (id: number) => ['donations', 'handover', id] as const,
  mine: ['user', 'donations'] as const,
  favorites: ['user', 'favorites'] as const,
  reservations: ['user', 'reservations'] as const,
  categories: ['categories'] as const,
  cities: ['cities'] as const,
};

/** docs/product.md#timing-in-the-web-app: donation lists may be 30 s old; reference data 10 min. */
export const DONATIONS_STALE_MS = 30_000;
export const REFERENCE_STALE_MS = 10 * 60_000;
