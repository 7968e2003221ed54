import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { messagesKeys } from './keys';
import { addToThread, type SendMessageInput } from './send-message';

export interface SendPhotoInput extends SendMessageInput {
  /** Checked, re-encoded and stripped of its metadata by the server; `content` is an optional caption. */
  photo: File;
}

/** POST /api/messages/photo (multipart: `image`, then the message's fields) → 201 with the stored message. */
export function sendPhoto({ photo, content, receiverId, donationId, clientId }: SendPhotoInput): Promise<MessageView> {
  const form = new FormData();
  form.append('receiverId', receiverId);
  if (donationId !== null) form.append('donationId', String(donationId));
  form.append('clientId', clientId);
  if (content) form.append('content', content);
  form.append('image', photo);
  return call('POST /api/messages/photo', { body: form });
}

export function useSendPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPhoto,
    // Never paused waiting for the network: offline it fails at once and the thread says so.
    networkMode: 'always',
    onSuccess: (message) => {
      addToThread(queryClient, message, message.receiverId);
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
    },
  });
}
