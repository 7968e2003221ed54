import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateDonationInput, RatingView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';

/** POST /api/donations/:id/ratings → 201 the rating; 409 `ALREADY_RATED`, 400 `RATING_WINDOW_CLOSED`. */
export function rateDonation({ id, ...rating }: RateDonationInput & { id: number }): Promise<RatingView> {
  return call('POST /api/donations/{id}/ratings', { params: { id }, body: rating });
}

export function useRateDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateDonation,
    onSuccess: (rating) => {
      // The page stops offering the form at once; the rated member's record changed too.
      queryClient.setQueryData<Donation>(donationKeys.detail(rating.donationId), (donation) =>
        donation ? { ...donation, myRating: { value: rating.value, createdAt: rating.createdAt } } : donation,
      );
      return queryClient.invalidateQueries({ queryKey: ['users', 'profile', rating.ratedId] });
    },
  });
}
