import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { donationKeys } from './keys';

/** POST /api/favorites `{ donationId }` → 201 (idempotent). */
export function useAddFavorite() {
  return useApiMutation((donationId: number): Promise<unknown> => call('POST /api/favorites', { body: { donationId } }), {
    // Not awaited: the refetch may unmount the button (favourites tab), and the caller's own
    // onSuccess (its toast) must still run.
    onSuccess: (queryClient) => void queryClient.invalidateQueries({ queryKey: donationKeys.favorites }),
  });
}
