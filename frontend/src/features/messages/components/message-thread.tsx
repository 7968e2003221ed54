import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Clock } from 'lucide-react';
import { DonationRules, type MessageView } from '@hdiya/contracts';
import { MemberLevelNote } from '@/components/member-level-note';
import { memberNameOf } from '@/components/member-name';
import { MemberReportButton } from '@/components/member-report-button';
import { ReplyTimeNote } from '@/components/reply-time-note';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { useRealtimeEvent } from '@/lib/realtime';
import { formatWaitingSince } from '@/lib/duration';
import { useMemberProfile } from '@/lib/member-profile';
import { useOnline } from '@/lib/online-status';
import '@/lib/outbox-texts';
import { formatRelativeTime } from '@/lib/relative-time';
import { useConversation } from '../api/get-conversation';
import { retryQueued, sendOrQueue } from '../api/outbox-delivery';
import { useSendPhoto } from '../api/send-photo';
import { useOutbox } from '../lib/outbox';
import { isOutgoing, mergeOutgoing, type OutgoingMessage } from '../lib/outgoing';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { MessageComposer } from './message-composer';
import '@/lib/chat-photo-texts';

/** How long "… écrit" stays after the last typing signal. */
const TYPING_SHOWN_MS = 3000;

interface MessageThreadProps {
  userId: string;
  otherId: string;
  donation: number | 'none';
  /** From the conversation list, when the conversation already exists. */
  otherName?: string;
  /** From the conversation list: the other member deleted their account (decision 0074). */
  otherDeleted?: boolean;
  donationTitle?: string | null;
  /** From the conversation list: since when the other member waits for the member's reply. */
  awaitingReplySince?: string | null;
}

/** One conversation: its messages oldest first, the member's own on the inline end, and the send form. */
export function MessageThread({ userId, otherId, donation, otherName, otherDeleted, donationTitle, awaitingReplySince }: MessageThreadProps) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const thread = useConversation(otherId, donation);
  const messages = thread.data ?? [];
  const other = messages.find((m) => m.senderId === otherId)?.sender ?? messages.find((m) => m.receiverId === otherId)?.receiver;
  // A deleted member (their id a tombstone) has no profile to ask for, and nobody writes to them.
  const deleted = otherDeleted ?? other?.deleted ?? false;
  const profileAllowed = !deleted && !thread.isPending;
  // Its name when the conversation has no message yet, and its usual reply time.
  const profile = useMemberProfile(otherId, profileAllowed);
  const queryClient = useQueryClient();
  const sendPhoto = useSendPhoto();
  const online = useOnline();
  // Sent from this screen and not answered yet (photos, and texts until sent or queued)…
  const [sending, setSending] = useState<OutgoingMessage[]>([]);
  // …and the texts that wait in the outbox for the network (decision 0061).
  const queued = useOutbox(userId).filter((m) => m.receiverId === otherId && (m.donationId ?? 'none') === donation);
  const queuedIds = new Set(queued.map((m) => m.clientId));
  const outgoing: OutgoingMessage[] = [
    ...queued.map((m) => ({ clientId: m.clientId, content: m.content, status: m.refused ? ('failed' as const) : online ? ('sending' as const) : ('queued' as const) })),
    ...sending.filter((o) => !queuedIds.has(o.clientId)),
  ];
  const [typingUntil, setTypingUntil] = useState(0);
  const endRef = useRef<HTMLDivElement>(null);
  const donationId = donation === 'none' ? null : donation;
  const name = deleted ? memberNameOf({ displayName: '', deleted }, t) : (otherName ?? other?.displayName ?? profile.data?.displayName ?? '');
  const title = donationTitle ?? messages.find((m) => m.donation)?.donation?.title ?? null;

  useRealtimeEvent('typing', (signal) => {
    if (signal.from === otherId && (signal.donationId ?? 'none') === donation) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
  });
  // Their message is what they were typing: "… écrit" leaves as it arrives, not seconds later.
  useRealtimeEvent('message:new', (message: MessageView) => {
    if (message.senderId === otherId && (message.donationId ?? 'none') === donation) setTypingUntil(0);
  });
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const shown = mergeOutgoing(messages, outgoing);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length]);

  const markFailed = (item: OutgoingMessage) =>
    setSending((list) => list.map((o) => (o.clientId === item.clientId ? { ...o, status: 'failed' as const } : o)));
  const failed = (item: OutgoingMessage, error: unknown) => {
    markFailed(item);
    const fallback = item.photo ? 'chatPhotos.sendError' : 'messages.sendError';
    toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, fallback), variant: 'error' });
  };

  const deliver = (item: OutgoingMessage) => {
    const input = { content: item.content, receiverId: otherId, donationId, clientId: item.clientId };
    // A refused text kept in the outbox goes back in line.
    if (!item.photo && queuedIds.has(item.clientId)) {
      retryQueued(userId, input);
      return;
    }
    setSending((list) => [...list.filter((o) => o.clientId !== item.clientId), { ...item, status: 'sending' }]);
    const done = () => setSending((list) => list.filter((o) => o.clientId !== item.clientId));
    if (item.photo) {
      // A photo is not kept for later (it may weigh megabytes): offline, it fails at once and says why.
      if (!navigator.onLine) {
        markFailed(item);
        toast({ title: (tr) => tr('common.error'), description: (tr) => tr('outbox.photoOffline'), variant: 'error' });
        return;
      }
      sendPhoto.mutate({ ...input, photo: item.photo }, { onSuccess: done, onError: (error) => failed(item, error) });
      return;
    }
    // Sent, or queued in the outbox (shown from there): either way no longer this screen's to send.
    sendOrQueue(userId, input, queryClient).then(done, (error: unknown) => failed(item, error));
  };

  const deliverPhoto = (photo: File, caption: string) => {
    // The server refuses it too; saying so at once spares uploading megabytes for nothing.
    if (photo.size > DonationRules.maxImageBytes) {
      toast({ title: (tr) => tr('common.error'), description: (tr) => tr('chatPhotos.tooLarge'), variant: 'error' });
      return;
    }
    deliver({ clientId: crypto.randomUUID(), content: caption, photo, status: 'sending' });
  };

  const lastOwnRead = [...messages].reverse().find((m) => m.senderId === userId)?.read ?? false;

  return (
    <section className="thread" aria-labelledby="thread-name" data-testid="message-thread" data-other-id={otherId}>
      <header className="thread__header">
        <h2 className="thread__name" id="thread-name">
          <bdi>{name}</bdi>
        </h2>
        {title && (
          <p className="muted thread__about" data-testid="thread-about">
            {t('messages.about')} <bdi>{title}</bdi>
          </p>
        )}
        {profileAllowed && (
          <>
            <ReplyTimeNote memberId={otherId} className="thread__reply-time" testId="thread-reply-time" />
            <MemberLevelNote memberId={otherId} className="thread__reply-time" testId="thread-level" />
            <MemberReportButton memberId={otherId} conversation={donation} testId="thread-report-button" />
          </>
        )}
        {awaitingReplySince && outgoing.length === 0 && (
          <p className="thread__waiting" data-testid="thread-waiting">
            {t('messages.waiting.thread', { name: `\u2068${name}\u2069`, duration: formatWaitingSince(awaitingReplySince, t) })}
          </p>
        )}
      </header>
      <div className="thread__messages" aria-live="polite" data-testid="thread-messages">
        {thread.isPending && outgoing.length === 0 ? (
          <ListSkeleton rows={4} variant="bubbles" testId="thread-loading" />
        ) : thread.isError && !thread.data ? (
          <>
            <p className="muted messages__empty" role="status" data-testid="thread-unavailable">
              {t(online ? 'outbox.threadError' : 'outbox.threadOffline')}
            </p>
            {outgoing.map((item) => (
              <OutgoingBubble key={item.clientId} item={item} onRetry={() => deliver(item)} />
            ))}
          </>
        ) : shown.length === 0 ? (
          <p className="muted messages__empty" data-testid="thread-empty">
            {t('messages.emptyThread')}
          </p>
        ) : (
          shown.map((item) =>
            isOutgoing(item) ? (
              <OutgoingBubble key={item.clientId} item={item} onRetry={() => deliver(item)} />
            ) : (
              <MessageBubble key={item.id} message={item} own={item.senderId === userId} when={formatRelativeTime(item.createdAt, t, i18n.language)} />
            ),
          )
        )}
        {lastOwnRead && outgoing.length === 0 && (
          <p className="muted thread__read" data-testid="thread-read">
            {t('messages.read')}
          </p>
        )}
        {typingUntil > 0 && (
          <p className="muted thread__typing" data-testid="thread-typing">
            {t('messages.typing', { name: `\u2068${name}\u2069` })}
          </p>
        )}
        <div ref={endRef} />
      </div>
      {deleted ? (
        <p className="muted thread__deleted" role="status" data-testid="thread-deleted-member">
          {t('deletedMember.thread')}
        </p>
      ) : (
        <MessageComposer
          receiverId={otherId}
          donationId={donationId}
          onSend={(content) => deliver({ clientId: crypto.randomUUID(), content, status: 'sending' })}
          onSendPhoto={deliverPhoto}
        />
      )}
    </section>
  );
}

function MessageBubble({ message, own, when }: { message: MessageView; own: boolean; when: string }) {
  return (
    <div className={own ? 'bubble bubble--own' : 'bubble'} data-testid="message" data-own={own} data-message-id={message.id}>
      {message.photo && <MessagePhoto photo={message.photo} senderName={message.sender.displayName} />}
      {/* Text only: whatever markup a member typed is shown as the characters it is. */}
      {(message.content || !message.photo) && (
        <p className="bubble__text" dir="auto">
          {message.content}
        </p>
      )}
      <time className="bubble__time" dateTime={message.createdAt}>
        {when}
      </time>
    </div>
  );
}

/** The thumbnail in the bubble; a click (or Enter) opens the photo full size in a dialog, Escape closes it. */
function MessagePhoto({ photo, senderName }: { photo: NonNullable<MessageView['photo']>; senderName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = `\u2068${senderName}\u2069`;
  return (
    <>
      <button type="button" className="bubble__photo" onClick={() => setOpen(true)} aria-label={t('chatPhotos.open', { name })} data-testid="message-photo-thumbnail">
        <img src={photo.thumbnailUrl} alt={t('chatPhotos.alt', { name })} width={480} height={360} loading="lazy" decoding="async" />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('chatPhotos.title', { name })} testId="message-photo-dialog">
        <img className="photo-dialog__image" src={photo.url} alt={t('chatPhotos.alt', { name })} data-testid="message-photo-full" />
      </Dialog>
    </>
  );
}

function OutgoingBubble({ item, onRetry }: { item: OutgoingMessage; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`bubble bubble--own bubble--${item.status}`} data-testid="message-outgoing" data-status={item.status}>
      {item.photo && (
        <p className="bubble__text">
          <Camera aria-hidden="true" size={14} /> {t('chatPhotos.preview')}
        </p>
      )}
      {item.content && (
        <p className="bubble__text" dir="auto">
          {item.content}
        </p>
      )}
      {item.status === 'sending' ? (
        <span className="bubble__time">{item.photo ? t('chatPhotos.sending') : t('messages.sending')}</span>
      ) : item.status === 'queued' ? (
        <span className="bubble__time bubble__queued" data-testid="message-queued">
          <Clock aria-hidden="true" size={14} /> {t('outbox.queued')}
        </span>
      ) : (
        <span className="bubble__failed">
          {t('messages.failed')}{' '}
          <Button variant="ghost" size="sm" onClick={onRetry} data-testid="message-retry">
            {t('messages.retry')}
          </Button>
        </span>
      )}
    </div>
  );
}
