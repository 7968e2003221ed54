import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { refreshUserSoon } from '@/lib/auth';
import { donationKeys } from './keys';

/** DELETE /api/donations/:id → `{ id, deleted: true }` (owner, while available; the +5 it would have earned once given is withdrawn). */
export function useDeleteDonation() {
  return useApiMutation((id: number): Promise<{ id: number; deleted: boolean }> => call('DELETE /api/donations/{id}', { params: { id } }), {
    onSuccess: (queryClient, _result, id) => {
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
