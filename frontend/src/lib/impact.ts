import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { formatNumber } from './number-format';
import { WORKER_CACHED } from './worker-cached';

// The impact figures (home hero, impact blocks) are counted by the donations service from real
// donations, never marketing constants.

/** GET /api/stats/impact: counted at most once a minute on the server. */
export const impactQueryOptions = queryOptions({
  queryKey: ['stats', 'impact'],
  queryFn: ({ signal }) => call('GET /api/stats/impact', { signal }),
  staleTime: 60_000,
  ...WORKER_CACHED,
});

export function useImpact() {
  return useQuery(impactQueryOptions);
}

/** A count as the language writes it. */
export const formatCount = (value: number, language: string) => formatNumber(value, language);
