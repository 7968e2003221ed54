import { useQuery } from '@tanstack/react-query';
import type { MapConfigView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { REFERENCE_STALE_MS } from './keys';
import { WORKER_CACHED } from '@/lib/worker-cached';

/** Used until GET /api/map-config answers (and if it cannot): OpenStreetMap's own tiles. */
export const DEFAULT_MAP_CONFIG: MapConfigView = { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' };

export function useMapConfig(): MapConfigView {
  const query = useQuery({
    queryKey: ['map-config'],
    queryFn: ({ signal }) => call('GET /api/map-config', { signal }),
    staleTime: REFERENCE_STALE_MS,
    ...WORKER_CACHED,
  });
  return query.data ?? DEFAULT_MAP_CONFIG;
}
