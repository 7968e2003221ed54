import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refreshUserSoon } from '@/lib/auth';
import { donationKeys } from './keys';

/** DELETE /api/donations/:id → `{ id, deleted: true }` (owner, while available; the +5 it would have earned once given is withdrawn). */
export function deleteDonation(id: number): Promise<{ id: number; deleted: boolean }> {
  return call('DELETE /api/donations/{id}', { params: { id } });
}

export function useDeleteDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDonation,
    onSuccess: (_result, id) => {
      // Marked stale without a refetch: the page on screen is about to leave, and a later visit
      // fetches again and shows "not found".
      void queryClient.invalidateQueries({ queryKey: donationKeys.detail(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: donationKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
      void queryClient.invalidateQueries({ queryKey: donationKeys.mine });
      void queryClient.invalidateQueries({ queryKey: donationKeys.favorites });
      return refreshUserSoon(queryClient);
    },
  });
}
