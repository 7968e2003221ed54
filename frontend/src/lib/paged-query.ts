import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { nextPageParam, type Page } from './api-client';

/** A list read a page at a time: the first page without a cursor, each next one with the cursor the previous page gave. */
export function pagedQueryOptions<T, K extends QueryKey>(queryKey: K, getPage: (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
}
