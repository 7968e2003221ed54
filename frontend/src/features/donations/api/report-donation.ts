import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReportReason } from '@/lib/donations';

export interface ReportDonationInput {
  id: number;
  reason: ReportReason;
  details?: string;
}

/** POST /api/donations/:id/reports → 201; 409 `ALREADY_REPORTED` for a second report by the same member. */
export function reportDonation({ id, reason, details }: ReportDonationInput): Promise<{ reported: true }> {
  return api.post<{ reported: true }>(`/api/donations/${id}/reports`, details ? { reason, details } : { reason });
}

export function useReportDonation() {
  return useMutation({ mutationFn: reportDonation });
}
