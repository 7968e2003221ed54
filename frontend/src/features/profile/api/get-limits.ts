import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/user/limits: where the member stands against every limit, and when each frees up. */
export function useMemberLimits() {
  return useQuery({ queryKey: ['user', 'limits'], queryFn: () => call('GET /api/user/limits') });
}
