import { useMutation } from '@tanstack/react-query';
import type { ReportMemberInput } from '@hdiya/contracts';
import { call } from './api-client';

/** POST /api/users/{id}/reports: a report to the moderators, perhaps with the conversation attached. */
export function useReportMember() {
  return useMutation({
    mutationFn: ({ memberId, ...report }: ReportMemberInput & { memberId: string }) =>
      call('POST /api/users/{id}/reports', { params: { id: memberId }, body: report }),
  });
}
