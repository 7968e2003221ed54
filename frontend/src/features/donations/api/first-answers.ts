import { getLocation } from '@/lib/location';
import { queryClient } from '@/lib/query-client';
import { filtersFromSearchParams, toDonationSearch } from '../lib/filters';
import { donationsQueryOptions } from './get-donations';
import { donationQueryOptions } from './get-donation';

// The answers a page's first screen waits for, asked for on the first load while the page's code
// downloads (router.tsx `preloadRoute`), not once it has rendered: the cards' photos start one
// round trip sooner. The page's own query then finds the answer in flight or arrived.

/** /donations: the search the page will make, from the address and the member's location. */
export function prefetchBrowse(_params: Record<string, string | undefined>, url: URL): void {
  const location = getLocation();
  const filters = filtersFromSearchParams(url.searchParams, { distance: location.distance });
  void queryClient.prefetchInfiniteQuery(donationsQueryOptions(toDonationSearch(filters, location.position)));
}

/** /donations/:id: the donation. */
export function prefetchDonation(params: Record<string, string | undefined>): void {
  if (/^\d+$/.test(params.id ?? '')) void queryClient.prefetchQuery(donationQueryOptions(Number(params.id)));
}
