import { useInfiniteQuery } from '@tanstack/react-query';
import { callPage } from '@/lib/api-client';
import { DonationRules } from '@/lib/donations';
import { pagedQueryOptions } from '@/lib/paged-query';
import { donationKeys } from './keys';

/** GET /api/user/reservations → the member's reservations, newest first, each with its `reservation`. */
const reservationsQueryOptions = pagedQueryOptions(donationKeys.reservations, (cursor, signal) =>
  callPage('GET /api/user/reservations', { query: { limit: DonationRules.defaultPageSize, cursor }, signal }),
);

export function useReservations() {
  return useInfiniteQuery(reservationsQueryOptions);
}
