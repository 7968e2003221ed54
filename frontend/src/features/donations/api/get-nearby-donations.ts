import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import type { Coordinates } from '@/lib/location';
import { DONATIONS_STALE_MS, donationKeys } from './keys';
import { WORKER_CACHED } from '@/lib/worker-cached';

export interface NearbySearch extends Coordinates {
  distance: number;
}

/** GET /api/donations/nearby → up to 8 available donations, nearest first. */
export function getNearbyDonations(search: NearbySearch, signal?: AbortSignal): Promise<Donation[]> {
  return call('GET /api/donations/nearby', { query: { lat: search.lat, lng: search.lng, distance: search.distance }, signal });
}

export function nearbyDonationsQueryOptions(search: NearbySearch) {
  return queryOptions({
    queryKey: donationKeys.nearby(search),
    queryFn: ({ signal }) => getNearbyDonations(search, signal),
    staleTime: DONATIONS_STALE_MS,
    ...WORKER_CACHED,
  });
}

export function useNearbyDonations(search: NearbySearch | null) {
  return useQuery({
    ...nearbyDonationsQueryOptions(search ?? { lat: 0, lng: 0, distance: 0 }),
    enabled: search !== null,
  });
}
