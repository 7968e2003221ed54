import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { fallbackInterval } from '@/lib/realtime';
import { privateStorageKey, readStorage, writeStorage } from '@/lib/storage';
import { LIST_POLL_MS, messagesKeys } from './keys';

/** GET /api/conversations → grouped by the other member and the donation, newest first. */
export function getConversations(signal?: AbortSignal): Promise<ConversationView[]> {
  return call('GET /api/conversations', { signal });
}

/** How many of the newest conversations are kept on the device for offline (decision 0061). */
const KEPT_CONVERSATIONS = 30;
const keptKey = (memberId: string) => privateStorageKey('conversations', memberId);

/** The member's conversations as last answered on this device, or null when none were kept. */
export function keptConversations(memberId: string): ConversationView[] | null {
  try {
    const kept = JSON.parse(readStorage(keptKey(memberId)) ?? 'null') as unknown;
    return Array.isArray(kept) ? (kept as ConversationView[]) : null;
  } catch {
    return null;
  }
}

/**
 * The member's conversations; each answer is kept on the device, so that Messages opened
 * offline shows the last ones known instead of none. Asked even when the browser says offline:
 * the call fails at once and the screen falls back to what was kept, rather than waiting.
 */
export function useConversations(memberId: string | undefined) {
  return useQuery({
    queryKey: messagesKeys.conversations,
    queryFn: async ({ signal }) => {
      const list = await getConversations(signal);
      if (memberId) writeStorage(keptKey(memberId), JSON.stringify(list.slice(0, KEPT_CONVERSATIONS)));
      return list;
    },
    enabled: memberId !== undefined,
    networkMode: 'offlineFirst',
    refetchInterval: fallbackInterval(LIST_POLL_MS),
  });
}
