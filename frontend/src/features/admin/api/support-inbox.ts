import { useInfiniteQuery } from '@tanstack/react-query';
import { SupportInboxRules, type ContactMessageView } from '@hdiya/contracts';
import { call, callPage } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { pagedQueryOptions } from '@/lib/paged-query';
import { moderationLogQueryKey } from './moderation-log';

const supportInboxKey = ['admin', 'contact-messages'] as const;

/** GET /api/admin/contact-messages → the support inbox, unanswered first, each with its replies (admins only). */
export function useContactMessages(enabled: boolean) {
  return useInfiniteQuery({
    ...pagedQueryOptions(supportInboxKey, (cursor, signal) => callPage('GET /api/admin/contact-messages', { query: { limit: SupportInboxRules.pageSize, cursor }, signal })),
    enabled,
  });
}

/** POST /api/admin/contact-messages/{id}/reply → the message answered; the sender gets the reply by mail. */
export function useReplyToContact() {
  return useApiMutation(
    ({ id, message }: { id: string; message: string }): Promise<ContactMessageView> => call('POST /api/admin/contact-messages/{id}/reply', { params: { id }, body: { message } }),
    {
      onSuccess: (queryClient) => {
        // The reply is in the journal too.
        void queryClient.invalidateQueries({ queryKey: moderationLogQueryKey });
        return queryClient.invalidateQueries({ queryKey: supportInboxKey });
      },
    },
  );
}
