import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/admin/gift-pairs → pairs of members who gave to each other more than 3 times in 30 days (admins only). */
export function useGiftPairs(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'gift-pairs'] as const,
    queryFn: ({ signal }) => call('GET /api/admin/gift-pairs', { signal }),
    enabled,
  });
}
