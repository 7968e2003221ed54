import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { donationKeys } from './keys';

/** DELETE /api/favorites/:donationId. */
export function removeFavorite(donationId: number): Promise<unknown> {
  return api.delete<unknown>(`/api/favorites/${donationId}`);
}

export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: donationKeys.favorites }),
  });
}
