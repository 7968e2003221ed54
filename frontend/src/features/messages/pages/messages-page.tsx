import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { SignInRedirect } from '@/components/sign-in-redirect';
import { buttonClass } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { useOnline } from '@/lib/online-status';
import '@/lib/outbox-texts';
import { usePageTitle } from '@/lib/use-page-title';
import { keptConversations, useConversations } from '../api/get-conversations';
import { ConversationList } from '../components/conversation-list';
import { MessageThread } from '../components/message-thread';
import { conversationOf } from '../lib/outgoing';
import '../components/messages.css';

/** /messages (docs/product.md#messages-screen): conversations on one side, the selected thread on the other. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { data: user } = useUser();
  const [params] = useSearchParams();
  const selected = conversationOf(params);
  const conversations = useConversations(user?.id);
  const online = useOnline();
  // Unreachable (offline): the list last answered on this device, said to be so.
  const failed = conversations.isError && !conversations.data;
  const kept = useMemo(() => (failed && user ? keptConversations(user.id) : null), [failed, user]);
  const list = conversations.data ?? kept;
  usePageTitle(t('messages.title'));

  // Only the API's "nobody" (null) is signed out: a session call that failed (offline) is not.
  const signedOut = user === null;
  useEffect(() => {
    // docs/product.md#messages-screen's text, on the sign-in page that comes back here afterwards.
    if (signedOut) toast({ title: (tr) => tr('common.signInRequired'), description: (tr) => tr('messages.loginRequired') });
  }, [signedOut, toast]);
  if (signedOut) return <SignInRedirect />;
  // The session not known yet (a slow answer): the screen's shape, not a blank page.
  if (!user) {
    return (
      <div className="container page messages" data-testid="messages-page" data-has-selection={selected.otherId !== null}>
        <h1 className="visually-hidden">{t('messages.title')}</h1>
        <aside className="card messages__list" aria-label={t('messages.title')}>
          <ListSkeleton rows={5} testId="conversations-loading" />
        </aside>
        <div className="card messages__pane">{selected.otherId && <ListSkeleton rows={4} variant="bubbles" testId="thread-loading" />}</div>
      </div>
    );
  }

  const current = list?.find((c) => c.otherUser.id === selected.otherId && (c.donation?.id ?? 'none') === selected.donation);

  return (
    <div className="container page messages" data-testid="messages-page" data-has-selection={selected.otherId !== null}>
      <h1 className="visually-hidden">{t('messages.title')}</h1>
      <aside className="card messages__list" aria-label={t('messages.title')}>
        <input type="search" dir="auto" className="input messages__search" placeholder={t('messages.search')} aria-label={t('messages.search')} />
        {list ? (
          <>
            {!conversations.data && (
              <p className="muted messages__kept" role="status" data-testid="conversations-kept">
                {t('outbox.keptConversations')}
              </p>
            )}
            <ConversationList conversations={list} userId={user.id} selected={selected} />
          </>
        ) : failed ? (
          <ErrorState message={t(online ? 'outbox.listError' : 'outbox.listOffline')} onRetry={conversations.refetch} card={false} testId="conversations-error" />
        ) : (
          <ListSkeleton rows={5} testId="conversations-loading" />
        )}
      </aside>
      <div className="card messages__pane">
        {selected.otherId ? (
          <>
            <Link to="/messages" className="back-link messages__back">
              {t('messages.back')}
            </Link>
            <MessageThread
              key={`${selected.otherId}:${selected.donation}`}
              userId={user.id}
              otherId={selected.otherId}
              donation={selected.donation}
              otherName={current?.otherUser.displayName}
              otherDeleted={current?.otherUser.deleted}
              donationTitle={current?.donation?.title}
              awaitingReplySince={current?.awaitingReplySince}
            />
          </>
        ) : (
          <div className="empty-state" data-testid="messages-no-selection">
            <p>{t('messages.noSelection')}</p>
            <Link to="/donations" className={buttonClass('outline')}>
              {t('messages.browse')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
