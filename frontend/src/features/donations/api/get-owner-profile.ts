import { useQuery } from '@tanstack/react-query';
import type { MemberProfileView } from '@hdiya/contracts';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_MS } from './keys';

/** GET /api/users/{id}: the donor's public profile, for their usual reply time in the owner block. */
export function useOwnerProfile(ownerId: string | undefined) {
  return useQuery({
    queryKey: ['users', 'profile', ownerId ?? ''] as const,
    queryFn: ({ signal }) => api.get<MemberProfileView>(`/api/users/${encodeURIComponent(ownerId!)}`, signal),
    enabled: Boolean(ownerId),
    staleTime: REFERENCE_STALE_MS,
  });
}
