import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { donationKeys } from './keys';

/** DELETE /api/favorites/:donationId. */
export function removeFavorite(donationId: number): Promise<unknown> {
  return call('DELETE /api/favorites/{donationId}', { params: { donationId } });
}

export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    // Not awaited: on the favourites tab the refetch unmounts the card, and the caller's own
    // onSuccess (its toast) must still run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationKeys.favorites }),
  });
}
