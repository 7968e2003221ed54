import { useQuery } from '@tanstack/react-query';
import type { GiftPairView } from '@hdiya/contracts';
import { api } from '@/lib/api-client';

/** GET /api/admin/gift-pairs → pairs of members who gave to each other more than 3 times in 30 days (admins only). */
export function useGiftPairs(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'gift-pairs'] as const,
    queryFn: ({ signal }) => api.get<GiftPairView[]>('/api/admin/gift-pairs', signal),
    enabled,
  });
}
