import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { MessagingRules } from '@hdiya/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { sendOrQueue } from '../api/outbox-delivery';
import { conversationHref } from '@/lib/conversation-link';
import { authHref, currentPath } from '@/lib/return-path';

export interface ContactDonorProps {
  ownerId: string;
  donationId: number;
}

/** "Contacter le donateur" on a donation's page (docs/product.md#donation-detail): the first message of the conversation. */
export function ContactDonorForm({ ownerId, donationId }: ContactDonorProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({ title: (tr) => tr('common.signInRequired'), description: (tr) => tr('messages.loginToSend'), action: { label: (tr) => tr('layout.login'), href: authHref('/login', currentPath()) } });
      return;
    }
    const content = text.trim();
    if (!content) return;
    setSending(true);
    // Offline, it waits in the outbox and goes when the network is back (decision 0061).
    sendOrQueue(user.id, { content, receiverId: ownerId, donationId, clientId: crypto.randomUUID() }, queryClient)
      .then((outcome) => {
        setText('');
        setSent(true);
        toast(outcome === 'sent' ? { title: (tr) => tr('messages.sent'), variant: 'success' } : { title: (tr) => tr('messages.queued') });
      })
      .catch((error: unknown) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'messages.sendError'), variant: 'error' }))
      .finally(() => setSending(false));
  };

  return (
    <form className="stack contact-donor" onSubmit={submit} data-testid="contact-donor-form">
      <label htmlFor="contact-donor-message" className="contact-donor__label">
        {t('messages.contact.title')}
      </label>
      <textarea
        id="contact-donor-message"
        className="input"
        rows={3}
        dir="auto"
        value={text}
        maxLength={MessagingRules.contentMaxLength}
        placeholder={t('messages.contact.placeholder')}
        disabled={!user}
        onChange={(event) => setText(event.target.value)}
        data-testid="contact-donor-input"
      />
      <div className="row">
        <Button type="submit" loading={sending} disabled={Boolean(user) && !text.trim()} data-testid="contact-donor-send">
          {t('messages.contact.send')}
        </Button>
        {sent && (
          <Link to={conversationHref(ownerId, donationId)} className={buttonClass('ghost', 'sm')} data-testid="contact-donor-open">
            {t('messages.contact.open')}
          </Link>
        )}
      </div>
    </form>
  );
}
