import { describe, expect, it } from 'vitest';
import type { MessageView } from '@hdiya/contracts';
import { conversationHref } from '@/lib/conversation-link';
import { conversationOf, mergeOutgoing } from './outgoing';

const stored = (id: string, clientId: string | null) => ({ id, clientId, content: id }) as MessageView;

describe('outgoing messages', () => {
  it('should show an optimistic message until the server holds it, then once', () => {
    const pending = { clientId: 'c1', content: 'Bonjour', status: 'sending' as const };
    expect(mergeOutgoing([stored('m0', null)], [pending]).map((m) => ('id' in m ? m.id : m.status))).toEqual(['m0', 'sending']);
    expect(mergeOutgoing([stored('m0', null), stored('m1', 'c1')], [pending]).map((m) => ('id' in m ? m.id : m.status))).toEqual(['m0', 'm1']);
  });

  it('should read and write the conversation in the URL, refusing what names no member', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(conversationOf(new URLSearchParams(conversationHref(id, 12).split('?')[1]))).toEqual({ otherId: id, donation: 12 });
    expect(conversationOf(new URLSearchParams(conversationHref(id, null).split('?')[1]))).toEqual({ otherId: id, donation: 'none' });
    expect(conversationOf(new URLSearchParams('with=<script>&donation=abc'))).toEqual({ otherId: null, donation: 'none' });
  });
});
