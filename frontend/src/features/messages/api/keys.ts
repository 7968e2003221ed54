// Query keys of the messages feature in one place, so pushes and mutations refresh exactly these.
export const messagesKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  thread: (otherId: string, donation: number | 'none') => ['messages', 'thread', otherId, donation] as const,
};

/** docs/product.md#timing-in-the-web-app: a conversation is re-read every second and the list every 5 s, when the socket is down. */
export const THREAD_POLL_MS = 1000;
export const LIST_POLL_MS = 5000;
