import { useQuery } from '@tanstack/react-query';
import type { MemberProfileView } from '@hdiya/contracts';
import { api } from './api-client';

/** GET /api/users/{id}: a member's public profile, with their usual reply time. */
export function useMemberProfile(id: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: ['users', 'profile', id ?? ''] as const,
    queryFn: ({ signal }) => api.get<MemberProfileView>(`/api/users/${encodeURIComponent(id!)}`, signal),
    enabled: enabled && Boolean(id),
    staleTime: 5 * 60_000,
  });
}
