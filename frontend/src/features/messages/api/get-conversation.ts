import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MessageView, PublicProfileView } from '@hdiya/contracts';
import { api, withQuery } from '@/lib/api-client';
import { fallbackInterval } from '@/lib/realtime';
import { unreadCountsKey } from '@/lib/unread-counts';
import { messagesKeys, THREAD_POLL_MS } from './keys';

/**
 * GET /api/messages/conversation/{userId}?donationId=<id|none> → the newest page, oldest first.
 * Reading it marks what the member received in it read.
 */
export function getConversation(otherId: string, donation: number | 'none', signal?: AbortSignal): Promise<MessageView[]> {
  return api.get<MessageView[]>(withQuery(`/api/messages/conversation/${encodeURIComponent(otherId)}`, { donationId: String(donation) }), signal);
}

export function useConversation(otherId: string | null, donation: number | 'none') {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: messagesKeys.thread(otherId ?? '', donation),
    queryFn: ({ signal }) => getConversation(otherId!, donation, signal),
    enabled: otherId !== null,
    refetchInterval: fallbackInterval(THREAD_POLL_MS),
  });
  // Opening a thread read its messages: the badges and the list's counts follow.
  useEffect(() => {
    if (!query.dataUpdatedAt) return;
    void queryClient.invalidateQueries({ queryKey: unreadCountsKey });
    void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
  }, [query.dataUpdatedAt, queryClient]);
  return query;
}

/** The other member of a conversation that has no message yet (opened from a donation's page). */
export function useMemberProfile(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.member(id ?? ''),
    queryFn: ({ signal }) => api.get<PublicProfileView>(`/api/users/${encodeURIComponent(id!)}`, signal),
    enabled: enabled && id !== null,
    staleTime: 5 * 60_000,
  });
}
