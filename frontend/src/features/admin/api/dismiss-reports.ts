import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { DismissedReportsView } from '@hdiya/contracts';
import { call, type Page } from '@/lib/api-client';
import type { ModerationDonation } from '@/lib/donations';
import { moderationQueryKey } from './get-moderation-donations';
import { moderationLogQueryKey } from './moderation-log';

/** POST /api/admin/donations/:id/reports/dismiss → `{ donationId, dismissed }`; the donation stays online. */
export function dismissReports(id: number): Promise<DismissedReportsView> {
  return call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id } });
}

type ModerationPages = InfiniteData<Page<ModerationDonation>>;

/** The donation without open reports in a cached list; a "reported only" list drops it. */
function withoutReports(data: ModerationPages | undefined, id: number, reportedOnly: boolean): ModerationPages | undefined {
  if (!data) return data;
  const dismissed = (item: ModerationDonation) => (item.id === id ? { ...item, reportCount: 0, reportReasons: [], reports: [] } : item);
  const items = (page: Page<ModerationDonation>) =>
    reportedOnly ? page.items.filter((item) => item.id !== id) : page.items.map(dismissed);
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: items(page) })) };
}

export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReports,
    onSuccess: (_result, id) => {
      // At once in every list (one not on screen would show the reports again while it reloads),
      // then read again: a donation's place depends on its open reports.
      for (const query of queryClient.getQueryCache().findAll({ queryKey: moderationQueryKey })) {
        const reportedOnly = (query.queryKey[2] as { reportedOnly?: boolean } | undefined)?.reportedOnly === true;
        queryClient.setQueryData<ModerationPages>(query.queryKey, (data) => withoutReports(data, id, reportedOnly));
      }
      // The decision is in the journal now.
      void queryClient.invalidateQueries({ queryKey: moderationLogQueryKey });
      return queryClient.invalidateQueries({ queryKey: moderationQueryKey });
    },
  });
}
