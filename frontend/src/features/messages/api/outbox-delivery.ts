import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MessageView } from '@hdiya/contracts';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { markRefused, queueMessage, readOutbox, unqueueMessage } from '../lib/outbox';
import { messagesKeys } from './keys';
import { addToThread, sendMessage, type SendMessageInput } from './send-message';

/** How often a queue that could not be sent is tried again while the browser says online. */
const RETRY_MS = 10_000;

/**
 * A failure worth trying again later: no answer at all (offline, a cut connection) or the
 * server's trouble (5xx). A refusal (4xx) is final until the member retries.
 */
const worthRetrying = (error: unknown) => !isApiError(error) || error.status >= 500;

function applySent(queryClient: QueryClient, message: MessageView): void {
  addToThread(queryClient, message, message.receiverId);
  void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
}

export type SendOutcome = 'sent' | 'queued';

/**
 * Sends a text message now, or queues it (docs/product.md#messaging): offline, or when the call
 * gets no answer, it waits in the outbox and leaves when the network is back. A refusal throws.
 */
export async function sendOrQueue(memberId: string, input: SendMessageInput, queryClient: QueryClient): Promise<SendOutcome> {
  if (!navigator.onLine) {
    queueMessage(memberId, input);
    return 'queued';
  }
  try {
    applySent(queryClient, await sendMessage(input));
    return 'sent';
  } catch (error) {
    if (!worthRetrying(error)) throw error;
    queueMessage(memberId, input);
    return 'queued';
  }
}

let flushing = false;

/** Sends what waits in the outbox, oldest first; stops at the first call that gets no answer. */
async function flushOutbox(memberId: string, queryClient: QueryClient, refused: (error: unknown) => void): Promise<void> {
  if (flushing || !navigator.onLine) return;
  flushing = true;
  try {
    for (;;) {
      const next = readOutbox(memberId).find((m) => !m.refused);
      if (!next) return;
      try {
        applySent(queryClient, await sendMessage({ clientId: next.clientId, receiverId: next.receiverId, donationId: next.donationId, content: next.content }));
        unqueueMessage(memberId, next.clientId);
      } catch (error) {
        if (worthRetrying(error)) return;
        markRefused(memberId, next.clientId);
        refused(error);
      }
    }
  } finally {
    flushing = false;
  }
}

/** Puts a refused message back in line and sends the line (the thread's "Réessayer"). */
export function retryQueued(memberId: string, message: SendMessageInput): void {
  queueMessage(memberId, message);
  window.dispatchEvent(new Event('hdiya:outbox'));
}

/**
 * Mounted once in the app while a member is signed in: sends the outbox on start, when the
 * browser is back online, when a message is queued, and every RETRY_MS while something waits.
 */
export function useOutboxDelivery(memberId: string | undefined): void {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  useEffect(() => {
    if (!memberId) return;
    const refused = (error: unknown) =>
      toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'messages.sendError'), variant: 'error' });
    const flush = () => void flushOutbox(memberId, queryClient, refused);
    flush();
    const timer = setInterval(() => {
      if (readOutbox(memberId).some((m) => !m.refused)) flush();
    }, RETRY_MS);
    window.addEventListener('online', flush);
    window.addEventListener('hdiya:outbox', flush);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', flush);
      window.removeEventListener('hdiya:outbox', flush);
    };
  }, [memberId, queryClient, toast]);
}
