import { useTranslation } from 'react-i18next';
import { Camera } from 'lucide-react';
import { Link } from '@/components/link';
import type { ConversationView } from '@hdiya/contracts';
import { nameInitials } from '@/lib/auth';
import { formatRelativeTime } from '@/lib/relative-time';
import { conversationHref } from '@/lib/conversation-link';
import { formatWaitingSince } from '@/lib/duration';
import '@/lib/chat-photo-texts';
import { MemberName, memberNameOf } from '@/components/member-name';

interface ConversationListProps {
  conversations: ConversationView[];
  userId: string;
  selected: { otherId: string | null; donation: number | 'none' };
}

/** The member's conversations, newest first: other member, donation, last message, unread count. */
export function ConversationList({ conversations, userId, selected }: ConversationListProps) {
  const { t, i18n } = useTranslation();
  if (conversations.length === 0) {
    return (
      <p className="muted messages__empty" data-testid="conversations-empty">
        {t('messages.empty')}
      </p>
    );
  }
  return (
    <ul className="conversation-list" data-testid="conversation-list">
      {conversations.map((conversation) => {
        const { otherUser, donation, lastMessage, unreadCount, awaitingReplySince } = conversation;
        const active = selected.otherId === otherUser.id && selected.donation === (donation?.id ?? 'none');
        return (
          <li key={`${otherUser.id}:${donation?.id ?? 'none'}`}>
            <Link
              to={conversationHref(otherUser.id, donation?.id ?? null)}
              className={active ? 'conversation conversation--active' : 'conversation'}
              aria-current={active ? 'true' : undefined}
              data-testid="conversation"
              data-other-id={otherUser.id}
            >
              <span className="avatar" aria-hidden="true">
                {nameInitials(memberNameOf(otherUser, t))}
              </span>
              <span className="conversation__body">
                <span className="conversation__top">
                  {/* A flex item is a block of its own: <bdi> alone would not set its direction. */}
                  <MemberName member={otherUser} className="conversation__name" testId="conversation-name" />
                  <time className="muted conversation__time" dateTime={lastMessage.createdAt}>
                    {formatRelativeTime(lastMessage.createdAt, t, i18n.language)}
                  </time>
                </span>
                {donation && (
                  <span className="badge conversation__donation">
                    <bdi dir="auto">{donation.title}</bdi>
                  </span>
                )}
                <span className="conversation__bottom">
                  {/* "Vous : " in the screen's language, the message in its own direction. */}
                  <span className="conversation__last muted">
                    {lastMessage.senderId === userId ? t('messages.you') : ''}
                    {lastMessage.photo && (
                      <span className="conversation__photo" data-testid="conversation-photo">
                        <Camera aria-hidden="true" size={14} /> {t('chatPhotos.preview')}{' '}
                      </span>
                    )}
                    <bdi className="conversation__text" dir="auto">
                      {lastMessage.content}
                    </bdi>
                  </span>
                  {unreadCount > 0 && (
                    <span className="badge badge--count conversation__unread" data-testid="conversation-unread">
                      {t('messages.unread', { count: unreadCount })}
                    </span>
                  )}
                </span>
                {awaitingReplySince && (
                  <span className="conversation__waiting" data-testid="conversation-waiting">
                    {t('messages.waiting.list', { duration: formatWaitingSince(awaitingReplySince, t) })}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
