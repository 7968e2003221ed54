import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { fallbackInterval } from '@/lib/realtime';
import { LIST_POLL_MS, messagesKeys } from './keys';

/** GET /api/conversations → grouped by the other member and the donation, newest first. */
export function getConversations(signal?: AbortSignal): Promise<ConversationView[]> {
  return call('GET /api/conversations', { signal });
}

export function useConversations(enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.conversations,
    queryFn: ({ signal }) => getConversations(signal),
    enabled,
    refetchInterval: fallbackInterval(LIST_POLL_MS),
  });
}
