import type { MessageView } from '@hdiya/contracts';

/** A message the member sent that the server has not confirmed yet, or refused to take. */
export interface OutgoingMessage {
  clientId: string;
  content: string;
  /** A photo being sent (its caption is `content`), kept for the retry button. */
  photo?: File;
  /** queued: kept in the outbox until the network is back (lib/outbox) */
  status: 'sending' | 'queued' | 'failed';
}

/**
 * The thread as shown: the server's messages, then the member's own not yet confirmed. One the
 * server already holds (same clientId, e.g. pushed before the POST answered) is shown once.
 */
export function mergeOutgoing(messages: MessageView[], outgoing: OutgoingMessage[]): (MessageView | OutgoingMessage)[] {
  const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
  return [...messages, ...outgoing.filter((o) => !stored.has(o.clientId))];
}

export function isOutgoing(item: MessageView | OutgoingMessage): item is OutgoingMessage {
  return 'status' in item;
}

/** The conversation a page URL names: `?with=<member>&donation=<id>` (no donation: `none`). */
export function conversationOf(params: URLSearchParams): { otherId: string | null; donation: number | 'none' } {
  const otherId = params.get('with');
  const donation = params.get('donation');
  return {
    otherId: otherId && /^[0-9a-f-]{36}$/i.test(otherId) ? otherId : null,
    donation: donation && /^\d{1,10}$/.test(donation) ? Number(donation) : 'none',
  };
}
