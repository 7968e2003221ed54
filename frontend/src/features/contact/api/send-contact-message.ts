import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactInput } from '@hdiya/contracts';

export type ContactMessageInput = ContactInput;

/** POST /api/contact → 201. */
export function sendContactMessage(input: ContactMessageInput): Promise<unknown> {
  return api.post<unknown>('/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
