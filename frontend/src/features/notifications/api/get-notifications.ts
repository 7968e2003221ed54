import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MessagingRules, type NotificationView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { notificationsKeys } from './keys';

/** GET /api/notifications?before=<id> → newest first, a page at a time. */
export function getNotifications(before: string | null, signal?: AbortSignal): Promise<NotificationView[]> {
  return call('GET /api/notifications', { query: { before }, signal });
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationsKeys.list,
  queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page: NotificationView[]) => (page.length < MessagingRules.notificationsPageSize ? null : page[page.length - 1]!.id),
});

export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions, enabled });
}
