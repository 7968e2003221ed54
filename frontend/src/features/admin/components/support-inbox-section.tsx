import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportInboxRules, type ContactMessageView } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/input';
import { ErrorState, LoadMore } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/relative-time';
import { useContactMessages, useReplyToContact } from '../api/support-inbox';
import { ListSkeleton } from '@/components/ui/list-skeleton';

/**
 * The support inbox (docs/product.md#support-inbox): what visitors and members wrote through the
 * contact form, unanswered first, and a reply form; a reply is mailed to the sender in their language.
 */
export function SupportInboxSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const list = useContactMessages(enabled);
  const messages = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="card stack" id="support-inbox" data-testid="support-inbox">
      <h2>{t('admin.supportInbox.title')}</h2>
      <p className="muted">{t('admin.supportInbox.lead')}</p>
      {list.isPending ? (
        <ListSkeleton rows={3} testId="support-inbox-loading" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t, 'admin.supportInbox.loadError')} onRetry={list.refetch} card={false} testId="support-inbox-error" />
      ) : messages.length === 0 ? (
        <p data-testid="support-inbox-empty">{t('admin.supportInbox.empty')}</p>
      ) : (
        <>
          <ul className="plain-list stack" data-testid="support-inbox-list">
            {messages.map((message) => (
              <li key={message.id}>
                <ContactMessageCard message={message} />
              </li>
            ))}
          </ul>
          <LoadMore list={list} label={t('donations.browse.loadMore')} className="row admin-more" testId="support-inbox-more" />
        </>
      )}
    </section>
  );
}

function ContactMessageCard({ message }: { message: ContactMessageView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'fr';
  return (
    <article className={`support-message stack support-message--${message.status}`} data-testid="contact-message" data-contact-id={message.id} data-status={message.status}>
      <p className="support-message__head">
        <span className={`badge support-message__state support-message__state--${message.status}`} data-testid="contact-message-state">
          {t(`admin.supportInbox.states.${message.status}`)}
        </span>{' '}
        <span className="muted">{formatDateTime(message.createdAt, language)}</span>
      </p>
      {/* Member text: plain text, each part in its own direction whatever the page's. */}
      <h3 className="support-message__subject" dir="auto" data-testid="contact-message-subject">
        {message.subject}
      </h3>
      <p className="muted support-message__sender">
        {t('admin.supportInbox.from')} <bdi>{message.name}</bdi> · <bdi dir="ltr">{message.email}</bdi> · {t(`admin.supportInbox.languages.${message.language}`)}
      </p>
      <p className="support-message__text" dir="auto" data-testid="contact-message-text">
        {message.message}
      </p>
      {message.replies.length > 0 && (
        <ul className="plain-list support-message__replies" aria-label={t('admin.supportInbox.replies')}>
          {message.replies.map((reply) => (
            <li key={reply.id} className="support-reply" data-testid="contact-reply">
              <p className="muted support-reply__head">
                {t('admin.supportInbox.repliedBy', { name: reply.authorName, date: formatDateTime(reply.createdAt, language) })}
              </p>
              <p className="support-reply__text" dir="auto">
                {reply.message}
              </p>
            </li>
          ))}
        </ul>
      )}
      <ReplyForm message={message} />
    </article>
  );
}

function ReplyForm({ message }: { message: ContactMessageView }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const reply = useReplyToContact();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `contact-reply-${message.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim().length === 0) return setError(t('admin.supportInbox.replyRequired'));
    setError(null);
    reply.mutate(
      { id: message.id, message: text },
      {
        onSuccess: () => {
          setText('');
          toast({ title: (tr) => tr('admin.supportInbox.sent'), variant: 'success' });
        },
        onError: (failure) => setError(errorMessage(failure, t, 'admin.supportInbox.replyError')),
      },
    );
  }

  return (
    <form className="stack support-reply-form" onSubmit={submit} noValidate data-testid="contact-reply-form">
      <TextareaField
        id={fieldId}
        label={t(message.status === 'new' ? 'admin.supportInbox.replyLabel' : 'admin.supportInbox.replyAgainLabel')}
        hint={t(`admin.supportInbox.replyHint.${message.language}`)}
        error={error}
        value={text}
        maxLength={SupportInboxRules.maxReply}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        data-testid="contact-reply-text"
      />
      <div className="row">
        <Button type="submit" size="sm" loading={reply.isPending} data-testid="contact-reply-send">
          {t('admin.supportInbox.send')}
        </Button>
      </div>
    </form>
  );
}
