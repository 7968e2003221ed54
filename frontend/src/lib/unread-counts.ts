import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { fallbackInterval } from './realtime';

// The header's two badges read one answer, shared by the messages and notifications features.

export const unreadCountsKey = ['unread-counts'] as const;

/** docs/product.md#timing-in-the-web-app: the messages badge is re-read every 5 s, only while the socket is down. */
const UNREAD_POLL_MS = 5000;

export function useUnreadCounts(enabled: boolean) {
  return useQuery({
    queryKey: unreadCountsKey,
    queryFn: ({ signal }) => call('GET /api/notifications/unread-counts', { signal }),
    enabled,
    refetchInterval: fallbackInterval(UNREAD_POLL_MS),
  });
}
