import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { historyPageParam, type PointsHistoryEntry } from '../lib/history';
import { pointsKeys } from './keys';

/**
 * GET /api/points-history?before=<id> → the member's ledger, newest first, 100 entries a page;
 * the next page is asked for with the last id seen.
 */
export function getPointsHistory(before?: string | null, signal?: AbortSignal): Promise<PointsHistoryEntry[]> {
  return call('GET /api/points-history', { query: { before }, signal });
}

export const pointsHistoryQueryOptions = infiniteQueryOptions({
  queryKey: pointsKeys.history,
  queryFn: ({ pageParam, signal }) => getPointsHistory(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: historyPageParam,
});

/** Only for signed-in members (docs/product.md#members-and-roles): visitors see a sign-in card instead. */
export function usePointsHistory(enabled = true) {
  return useInfiniteQuery({ ...pointsHistoryQueryOptions, enabled });
}
