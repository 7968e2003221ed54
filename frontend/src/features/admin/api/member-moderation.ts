import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuspendMemberInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';

const memberReportsKey = ['admin', 'member-reports'] as const;

/** GET /api/admin/member-reports → reported and suspended members (admins only). */
export function useMemberReports(enabled: boolean) {
  return useQuery({
    queryKey: memberReportsKey,
    queryFn: ({ signal }) => call('GET /api/admin/member-reports', { signal }),
    enabled,
  });
}

export type MemberDecision =
  | { kind: 'suspend'; memberId: string; suspension: SuspendMemberInput }
  | { kind: 'reinstate'; memberId: string }
  | { kind: 'dismiss'; reportId: string };

/** Suspend (until a date, or for good), reinstate, or dismiss one report. */
function decide(decision: MemberDecision): Promise<unknown> {
  switch (decision.kind) {
    case 'suspend':
      return call('POST /api/admin/members/{id}/suspend', { params: { id: decision.memberId }, body: decision.suspension });
    case 'reinstate':
      return call('POST /api/admin/members/{id}/reinstate', { params: { id: decision.memberId } });
    case 'dismiss':
      return call('POST /api/admin/member-reports/{id}/dismiss', { params: { id: decision.reportId } });
  }
}

export function useDecideOnMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberReportsKey }),
  });
}
