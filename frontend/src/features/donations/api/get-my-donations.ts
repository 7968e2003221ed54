import { useInfiniteQuery } from '@tanstack/react-query';
import { callPage } from '@/lib/api-client';
import { DonationRules } from '@/lib/donations';
import { pagedQueryOptions } from '@/lib/paged-query';
import { donationKeys } from './keys';

/** GET /api/user/donations → the member's own donations, every status. */
const myDonationsQueryOptions = pagedQueryOptions(donationKeys.mine, (cursor, signal) =>
  callPage('GET /api/user/donations', { query: { limit: DonationRules.defaultPageSize, cursor }, signal }),
);

export function useMyDonations() {
  return useInfiniteQuery(myDonationsQueryOptions);
}
