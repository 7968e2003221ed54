import { useInfiniteQuery } from '@tanstack/react-query';
import { callPage, type Page } from '@/lib/api-client';
import { DonationRules, type ModerationDonation } from '@/lib/donations';
import { pagedQueryOptions } from '@/lib/paged-query';

/** Every moderation list (all donations, reported only) starts with this key. */
export const moderationQueryKey = ['admin', 'donations'] as const;

/**
 * GET /api/admin/donations[?reported=true] → every donation (or the ones with open reports only),
 * reported ones first, with owner e-mails and the open reports (admins only).
 */
export function getModerationDonations(reportedOnly: boolean, cursor?: string | null, signal?: AbortSignal): Promise<Page<ModerationDonation>> {
  const query = { limit: DonationRules.defaultPageSize, cursor, reported: reportedOnly ? 'true' : undefined };
  return callPage('GET /api/admin/donations', { query, signal });
}

export const moderationDonationsQueryOptions = (reportedOnly: boolean) =>
  pagedQueryOptions([...moderationQueryKey, { reportedOnly }] as const, (cursor, signal) => getModerationDonations(reportedOnly, cursor, signal));

export function useModerationDonations(enabled: boolean, reportedOnly = false) {
  return useInfiniteQuery({ ...moderationDonationsQueryOptions(reportedOnly), enabled });
}
