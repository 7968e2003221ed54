import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MessageView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { fallbackInterval } from '@/lib/realtime';
import { unreadCountsKey } from '@/lib/unread-counts';
import { messagesKeys, THREAD_POLL_MS } from './keys';

/** GET /api/messages/conversation/{userId}?donationId=<id|none> → the newest page, oldest first (reading marks nothing). */
export function getConversation(otherId: string, donation: number | 'none', signal?: AbortSignal): Promise<MessageView[]> {
  return call('GET /api/messages/conversation/{userId}', { params: { userId: otherId }, query: { donationId: String(donation) }, signal });
}

/** POST /api/messages/conversation/{userId}/read: the member saw the thread, what they received in it is read. */
export function markConversationRead(otherId: string, donation: number | 'none'): Promise<{ updated: number }> {
  return call('POST /api/messages/conversation/{userId}/read', { params: { userId: otherId }, body: { donationId: donation } });
}

/** The thread with `otherId` about `donation`; what it shows from the other member is marked read. */
export function useConversation(otherId: string | null, donation: number | 'none') {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: messagesKeys.thread(otherId ?? '', donation),
    queryFn: ({ signal }) => getConversation(otherId!, donation, signal),
    enabled: otherId !== null,
    // Offline the call fails at once and the thread says so, instead of loading for ever.
    networkMode: 'offlineFirst',
    refetchInterval: fallbackInterval(THREAD_POLL_MS),
  });
  // Shown (on opening, or a message arrived while open): mark it read once per newest unread
  // message, then the badges and the list's counts follow.
  const marked = useRef<string | null>(null);
  const newestUnread = query.data?.findLast((m) => m.senderId === otherId && !m.read)?.id ?? null;
  useEffect(() => {
    if (!otherId || !newestUnread || marked.current === newestUnread) return;
    marked.current = newestUnread;
    markConversationRead(otherId, donation)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: unreadCountsKey });
        void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
      })
      .catch(() => {
        marked.current = null; // the next refresh of the thread tries again
      });
  }, [otherId, donation, newestUnread, queryClient]);
  return query;
}
