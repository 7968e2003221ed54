import { useMutation } from '@tanstack/react-query';
import type { ReportRatingInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';

/** POST /api/ratings/:id/reports → 201; 409 `ALREADY_REPORTED` the second time, 403 `RATING_OWN` for its author. */
export function reportRating({ id, reason, details }: ReportRatingInput & { id: number }): Promise<{ reported: true }> {
  return call('POST /api/ratings/{id}/reports', { params: { id }, body: details ? { reason, details } : { reason } });
}

export function useReportRating() {
  return useMutation({ mutationFn: reportRating });
}
