import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callPage } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { donationKeys } from './keys';

// The largest page the server allows: the hearts on cards read the favourites loaded so far.
const FAVORITES_PAGE_SIZE = 48;

/** GET /api/user/favorites → the member's favourite donations, newest favourite first. */
const favoritesQueryOptions = pagedQueryOptions(donationKeys.favorites, (cursor, signal) =>
  callPage('GET /api/user/favorites', { query: { limit: FAVORITES_PAGE_SIZE, cursor }, signal }),
);

export function useFavorites(enabled = true) {
  return useInfiniteQuery({ ...favoritesQueryOptions, enabled });
}

/** Ids of the member's favourites (empty for visitors). */
export function useFavoriteIds(enabled: boolean): ReadonlySet<number> {
  const { data } = useFavorites(enabled);
  return useMemo(() => new Set(data?.pages.flatMap((page) => page.items.map((donation) => donation.id)) ?? []), [data]);
}
