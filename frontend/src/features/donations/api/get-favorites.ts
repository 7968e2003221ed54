import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callPage, nextPageParam, type Page } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';

// The largest page the server allows: the hearts on cards read the favourites loaded so far.
const FAVORITES_PAGE_SIZE = 48;

/** GET /api/user/favorites → the member's favourite donations, newest favourite first. */
export function getFavorites(cursor?: string | null, signal?: AbortSignal): Promise<Page<Donation>> {
  return callPage('GET /api/user/favorites', { query: { limit: FAVORITES_PAGE_SIZE, cursor }, signal });
}

export const favoritesQueryOptions = infiniteQueryOptions({
  queryKey: donationKeys.favorites,
  queryFn: ({ pageParam, signal }) => getFavorites(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: nextPageParam,
});

export function useFavorites(enabled = true) {
  return useInfiniteQuery({ ...favoritesQueryOptions, enabled });
}

/** Ids of the member's favourites (empty for visitors). */
export function useFavoriteIds(enabled: boolean): ReadonlySet<number> {
  const { data } = useFavorites(enabled);
  return useMemo(() => new Set(data?.pages.flatMap((page) => page.items.map((donation) => donation.id)) ?? []), [data]);
}
