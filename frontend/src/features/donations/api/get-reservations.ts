import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callPage, nextPageParam, type Page } from '@/lib/api-client';
import { DonationRules, type ReservedDonation } from '@/lib/donations';
import { donationKeys } from './keys';

/** GET /api/user/reservations → the member's reservations, newest first, each with its `reservation`. */
export function getReservations(cursor?: string | null, signal?: AbortSignal): Promise<Page<ReservedDonation>> {
  return callPage('GET /api/user/reservations', { query: { limit: DonationRules.defaultPageSize, cursor }, signal });
}

export const reservationsQueryOptions = infiniteQueryOptions({
  queryKey: donationKeys.reservations,
  queryFn: ({ pageParam, signal }) => getReservations(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: nextPageParam,
});

export function useReservations() {
  return useInfiniteQuery(reservationsQueryOptions);
}
