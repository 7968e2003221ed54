import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/** GET /api/users/{id}: a member's public profile, with their usual reply time. */
export function useMemberProfile(id: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: ['users', 'profile', id ?? ''] as const,
    queryFn: ({ signal }) => call('GET /api/users/{id}', { params: { id: id! }, signal }),
    enabled: enabled && Boolean(id),
    staleTime: 5 * 60_000,
  });
}
