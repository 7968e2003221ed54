import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationRatingView, RatingModerationResult } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { moderationLogQueryKey } from './moderation-log';

const reportedRatingsKey = ['admin', 'ratings'] as const;

/** GET /api/admin/ratings → ratings whose comment has open reports (admins only). */
export function useReportedRatings(enabled: boolean) {
  return useQuery({
    queryKey: reportedRatingsKey,
    queryFn: ({ signal }) => call('GET /api/admin/ratings', { signal }),
    enabled,
  });
}

export type RatingDecision = 'dismiss' | 'remove';

/** Keep the comment (its reports are dismissed) or remove it (the rating stays). */
export function decideOnRating({ id, decision }: { id: number; decision: RatingDecision }): Promise<RatingModerationResult> {
  return decision === 'dismiss'
    ? call('POST /api/admin/ratings/{id}/reports/dismiss', { params: { id } })
    : call('POST /api/admin/ratings/{id}/comment/remove', { params: { id } });
}

export function useDecideOnRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOnRating,
    onSuccess: (result) => {
      // Decided: it leaves the list at once, then the list is read again.
      queryClient.setQueryData<ModerationRatingView[]>(reportedRatingsKey, (list) => list?.filter((rating) => rating.id !== result.ratingId));
      // The decision is in the journal now.
      void queryClient.invalidateQueries({ queryKey: moderationLogQueryKey });
      return queryClient.invalidateQueries({ queryKey: reportedRatingsKey });
    },
  });
}
