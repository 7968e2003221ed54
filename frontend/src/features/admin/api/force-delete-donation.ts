import type { InfiniteData } from '@tanstack/react-query';
import { call, type Page } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import type { ModerationDonation } from '@/lib/donations';
import { moderationQueryKey } from './get-moderation-donations';
import { moderationLogQueryKey } from './moderation-log';

/** POST /api/admin/force-delete/:id → `{ id, deleted }`; an open reservation hold is released. */
export function useForceDeleteDonation() {
  return useApiMutation((id: number): Promise<{ id: number; deleted: boolean }> => call('POST /api/admin/force-delete/{id}', { params: { id } }), {
    onSuccess: (queryClient, _result, id) => {
      // docs/product.md#moderation: the list is updated locally at once, then refreshed.
      queryClient.setQueriesData<InfiniteData<Page<ModerationDonation>>>({ queryKey: moderationQueryKey }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) } : data,
      );
      // Every donation list may have shown it.
      void queryClient.invalidateQueries({ queryKey: ['donations'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      // The decision is in the journal now.
      void queryClient.invalidateQueries({ queryKey: moderationLogQueryKey });
      return queryClient.invalidateQueries({ queryKey: moderationQueryKey });
    },
  });
}
