import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { SignInRedirect } from '@/components/sign-in-redirect';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/use-page-title';
import { useConversations } from '../api/get-conversations';
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
  const conversations = useConversations(Boolean(user));
  usePageTitle(t('messages.title'));

  // Only the API's "nobody" (null) is signed out: a session call that failed (offline) is not.
  const signedOut = user === null;
  useEffect(() => {
    // docs/product.md#messages-screen's text, on the sign-in page that comes back here afterwards.
    if (signedOut) toast({ title: (tr) => tr('common.signInRequired'), description: (tr) => tr('messages.loginRequired') });
  }, [signedOut, toast]);
  if (signedOut) return <SignInRedirect />;
  if (!user) return null;

  const current = conversations.data?.find((c) => c.otherUser.id === selected.otherId && (c.donation?.id ?? 'none') === selected.donation);

  return (
    <div className="container page messages" data-testid="messages-page" data-has-selection={selected.otherId !== null}>
      <h1 className="visually-hidden">{t('messages.title')}</h1>
      <aside className="card messages__list" aria-label={t('messages.title')}>
        <input type="search" dir="auto" className="input messages__search" placeholder={t('messages.search')} aria-label={t('messages.search')} />
        {conversations.isPending ? <p className="muted">{t('common.loading')}</p> : <ConversationList conversations={conversations.data ?? []} userId={user.id} selected={selected} />}
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
