import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** POST /api/contact → 201. */
export function sendContactMessage(input: ContactMessageInput): Promise<unknown> {
  return api.post<unknown>('/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
