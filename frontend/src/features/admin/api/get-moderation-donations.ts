import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getPage, nextPageParam, withQuery, type Page } from '@/lib/api-client';
import { DonationRules, type ModerationDonation } from '@/lib/donations';

export const moderationQueryKey = ['admin', 'donations'] as const;

/** GET /api/admin/donations → every donation, reported ones first, with owner e-mails (admins only). */
export function getModerationDonations(cursor?: string | null, signal?: AbortSignal): Promise<Page<ModerationDonation>> {
  return getPage<ModerationDonation>(withQuery('/api/admin/donations', { limit: DonationRules.defaultPageSize, cursor }), signal);
}

export const moderationDonationsQueryOptions = infiniteQueryOptions({
  queryKey: moderationQueryKey,
  queryFn: ({ pageParam, signal }) => getModerationDonations(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: nextPageParam,
});

export function useModerationDonations(enabled: boolean) {
  return useInfiniteQuery({ ...moderationDonationsQueryOptions, enabled });
}
