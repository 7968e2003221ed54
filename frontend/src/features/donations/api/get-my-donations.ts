import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callPage, nextPageParam, type Page } from '@/lib/api-client';
import { DonationRules, type Donation } from '@/lib/donations';
import { donationKeys } from './keys';

/** GET /api/user/donations → the member's own donations, every status. */
export function getMyDonations(cursor?: string | null, signal?: AbortSignal): Promise<Page<Donation>> {
  return callPage('GET /api/user/donations', { query: { limit: DonationRules.defaultPageSize, cursor }, signal });
}

export const myDonationsQueryOptions = infiniteQueryOptions({
  queryKey: donationKeys.mine,
  queryFn: ({ pageParam, signal }) => getMyDonations(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: nextPageParam,
});

export function useMyDonations() {
  return useInfiniteQuery(myDonationsQueryOptions);
}
