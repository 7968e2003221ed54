import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { DONATIONS_STALE_MS, donationKeys } from './keys';

/** GET /api/donations/:id → the donation; 404 `DONATION_NOT_FOUND`. */
export function getDonation(id: number, signal?: AbortSignal): Promise<Donation> {
  return call('GET /api/donations/{id}', { params: { id }, signal });
}

export function donationQueryOptions(id: number) {
  return queryOptions({
    queryKey: donationKeys.detail(id),
    queryFn: ({ signal }) => getDonation(id, signal),
    staleTime: DONATIONS_STALE_MS,
  });
}

/** `id` is NaN for a malformed route parameter: nothing is fetched and the page shows "not found". */
export function useDonation(id: number) {
  return useQuery({ ...donationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
