import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call, type Page } from '@/lib/api-client';
import type { ModerationDonation } from '@/lib/donations';
import { moderationQueryKey } from './get-moderation-donations';

/** POST /api/admin/force-delete/:id → `{ id, deleted }`; an open reservation hold is released. */
export function forceDeleteDonation(id: number): Promise<{ id: number; deleted: boolean }> {
  return call('POST /api/admin/force-delete/{id}', { params: { id } });
}

export function useForceDeleteDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceDeleteDonation,
    onSuccess: (_result, id) => {
      // docs/product.md#moderation: the list is updated locally at once, then refreshed.
      queryClient.setQueriesData<InfiniteData<Page<ModerationDonation>>>({ queryKey: moderationQueryKey }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) } : data,
      );
      // Every donation list may have shown it.
      void queryClient.invalidateQueries({ queryKey: ['donations'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      return queryClient.invalidateQueries({ queryKey: moderationQueryKey });
    },
  });
}
