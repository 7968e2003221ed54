import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { ReportDonationInput } from '@hdiya/contracts';


/** POST /api/donations/:id/reports → 201; 409 `ALREADY_REPORTED` for a second report by the same member. */
export function reportDonation({ id, reason, details }: ReportDonationInput & { id: number }): Promise<{ reported: true }> {
  return call('POST /api/donations/{id}/reports', { params: { id }, body: details ? { reason, details } : { reason } });
}

export function useReportDonation() {
  return useMutation({ mutationFn: reportDonation });
}
