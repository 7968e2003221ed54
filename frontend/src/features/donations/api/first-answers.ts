import { impactQueryOptions } from '@/lib/impact';
import { getLocation } from '@/lib/location';
import { queryClient } from '@/lib/query-client';
import { filtersFromSearchParams, toDonationSearch } from '../lib/filters';
import { donationsQueryOptions, recentDonationsQueryOptions } from './get-donations';
import { nearbyDonationsQueryOptions } from './get-nearby-donations';
import { donationQueryOptions } from './get-donation';
import { categoriesQueryOptions } from './get-categories';
import { citiesQueryOptions } from './get-cities';

// The answers a page's first screen waits for, asked for on the first load while the page's code
// downloads (router.tsx `preloadRoute`), not once it has rendered: the cards' photos start one
// round trip sooner. The page's own query then finds the answer in flight or arrived, and the
// first render waits a little for them (main.tsx): one render with the answers costs less than a
// render of placeholders followed by one render per answer.

/** /: the impact figures of the hero, and the donations near the member's position (else the latest ones). */
export function prefetchHome(): Promise<unknown> {
  const { position, distance } = getLocation();
  const donations = position ? queryClient.prefetchQuery(nearbyDonationsQueryOptions({ ...position, distance })) : queryClient.prefetchQuery(recentDonationsQueryOptions);
  return Promise.all([queryClient.prefetchQuery(impactQueryOptions), donations, prefetchReferenceData()]);
}

/** /donations: the search the page will make, from the address and the member's location. */
export function prefetchBrowse(_params: Record<string, string | undefined>, url: URL): Promise<unknown> {
  const location = getLocation();
  const filters = filtersFromSearchParams(url.searchParams, { distance: location.distance });
  return Promise.all([queryClient.prefetchInfiniteQuery(donationsQueryOptions(toDonationSearch(filters, location.position))), prefetchReferenceData()]);
}

/** /donations/:id: the donation. */
export function prefetchDonation(params: Record<string, string | undefined>): Promise<unknown> {
  const donation = /^\d+$/.test(params.id ?? '') ? queryClient.prefetchQuery(donationQueryOptions(Number(params.id))) : undefined;
  return Promise.all([donation, prefetchReferenceData()]);
}

/** The categories and cities the filters, cards and donation page name (kept long: reference data). */
export function prefetchReferenceData(): Promise<unknown> {
  return Promise.all([queryClient.prefetchQuery(categoriesQueryOptions), queryClient.prefetchQuery(citiesQueryOptions)]);
}
