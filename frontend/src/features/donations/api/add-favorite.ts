import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { donationKeys } from './keys';

/** POST /api/favorites `{ donationId }` → 201 (idempotent). */
export function addFavorite(donationId: number): Promise<unknown> {
  return call('POST /api/favorites', { body: { donationId } });
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    // Not awaited: the refetch may unmount the button (favourites tab), and the caller's own
    // onSuccess (its toast) must still run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationKeys.favorites }),
  });
}
