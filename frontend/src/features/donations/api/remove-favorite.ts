import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { donationKeys } from './keys';

/** DELETE /api/favorites/:donationId. */
export function useRemoveFavorite() {
  return useApiMutation((donationId: number): Promise<unknown> => call('DELETE /api/favorites/{donationId}', { params: { donationId } }), {
    // Not awaited: on the favourites tab the refetch unmounts the card, and the caller's own
    // onSuccess (its toast) must still run.
    onSuccess: (queryClient) => void queryClient.invalidateQueries({ queryKey: donationKeys.favorites }),
  });
}
