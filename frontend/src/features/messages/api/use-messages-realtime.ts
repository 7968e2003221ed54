import { useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@hdiya/contracts';
import { RECONNECTED, useRealtimeEvent } from '@/lib/realtime';
import { unreadCountsKey } from '@/lib/unread-counts';
import { messagesKeys } from './keys';
import { addToThread } from './send-message';

/** Keeps threads, the conversation list and the badges in step with pushes (mounted once, in the app). */
export function useMessagesRealtime(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('message:new', (message: MessageView) => {
    if (!userId) return;
    const otherId = message.senderId === userId ? message.receiverId : message.senderId;
    addToThread(queryClient, message, otherId);
    // An open thread re-reads itself; showing the new message marks it read (useConversation).
    void queryClient.invalidateQueries({ queryKey: messagesKeys.thread(otherId, message.donationId ?? 'none') });
    void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: unreadCountsKey });
  });
  useRealtimeEvent('messages:read', (receipt) => {
    void queryClient.invalidateQueries({ queryKey: messagesKeys.thread(receipt.readerId, receipt.donationId ?? 'none') });
  });
  useRealtimeEvent(RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
    void queryClient.invalidateQueries({ queryKey: unreadCountsKey });
  });
}
