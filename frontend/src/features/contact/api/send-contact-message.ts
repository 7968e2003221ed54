import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { ContactInput } from '@hdiya/contracts';

export type ContactMessageInput = ContactInput;

/** POST /api/contact → 201. */
export function sendContactMessage(input: ContactMessageInput): Promise<unknown> {
  return call('POST /api/contact', { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
