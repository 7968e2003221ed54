import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, callPage, nextPageParam, type Page } from '@/lib/api-client';
import type { Donation, DonationStatus } from '@/lib/donations';
import { DONATIONS_STALE_MS, donationKeys } from './keys';
import { WORKER_CACHED } from '@/lib/worker-cached';

/** The statuses the browse filter offers (cancelled donations are never listed), or all. */
export type StatusFilter = Exclude<DonationStatus, 'cancelled'> | 'all';

/** The query string of GET /api/donations, minus the cursor. */
export interface DonationSearch {
  query?: string;
  category?: number | 'all';
  status?: StatusFilter;
  distance?: number;
  lat?: number;
  lng?: number;
  limit?: number;
}

/**
 * GET /api/donations → one page. Without lat/lng the server searches around Casablanca, newest
 * first; with them, nearest first and each item carries `distance`.
 */
export function getDonations(search: DonationSearch, cursor?: string | null, signal?: AbortSignal): Promise<Page<Donation>> {
  return callPage('GET /api/donations', { query: { ...search, cursor }, signal });
}

export function donationsQueryOptions(search: DonationSearch) {
  return infiniteQueryOptions({
    queryKey: donationKeys.list(search),
    queryFn: ({ pageParam, signal }) => getDonations(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
    staleTime: DONATIONS_STALE_MS,
    ...WORKER_CACHED,
  });
}

/** Browse: pages follow each other through the `X-Next-Cursor` header. */
export function useDonations(search: DonationSearch) {
  return useInfiniteQuery(donationsQueryOptions(search));
}

/**
 * Home without a position: GET /api/donations/recent, the latest available donations in the whole
 * country ("Dons récents"; a search without a position would only look around Casablanca).
 */
export const recentDonationsQueryOptions = queryOptions({
  queryKey: donationKeys.recent,
  queryFn: ({ signal }) => call('GET /api/donations/recent', { signal }),
  staleTime: DONATIONS_STALE_MS,
  ...WORKER_CACHED,
});

export function useRecentDonations(enabled = true) {
  return useQuery({ ...recentDonationsQueryOptions, enabled });
}
