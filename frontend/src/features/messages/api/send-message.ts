import type { useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { messagesKeys } from './keys';

export interface SendMessageInput {
  content: string;
  receiverId: string;
  donationId: number | null;
  /** The message's own id from the start: a retry stores it once (the server answers the first copy). */
  clientId: string;
}

/** POST /api/messages → 201 with the stored message, answered only once it is committed. */
export function sendMessage(input: SendMessageInput): Promise<MessageView> {
  return call('POST /api/messages', { body: input });
}

/** Puts a message into its thread's cache once (a push may have brought it first). */
export function addToThread(queryClient: ReturnType<typeof useQueryClient>, message: MessageView, otherId: string): void {
  const key = messagesKeys.thread(otherId, message.donationId ?? 'none');
  queryClient.setQueryData<MessageView[]>(key, (thread) => (!thread ? thread : thread.some((m) => m.id === message.id) ? thread : [...thread, message]));
}
