import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagingRules } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { sendTyping } from '@/lib/realtime';

/** How often typing is signalled while the member keeps typing. */
const TYPING_SIGNAL_MS = 2000;

interface MessageComposerProps {
  receiverId: string;
  donationId: number | null;
  disabled?: boolean;
  onSend: (content: string) => void;
}

/** The send form: blank text is not sent (docs/product.md#messaging), and typing tells the other member. */
export function MessageComposer({ receiverId, donationId, disabled, onSend }: MessageComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const lastTyping = useRef(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    onSend(content);
    setText('');
  };

  return (
    <form className="composer" onSubmit={submit} data-testid="message-form">
      <label className="visually-hidden" htmlFor="message-input">
        {t('messages.placeholder')}
      </label>
      <textarea
        id="message-input"
        className="input composer__input"
        rows={1}
        dir="auto"
        value={text}
        maxLength={MessagingRules.contentMaxLength}
        placeholder={t('messages.placeholder')}
        disabled={disabled}
        data-testid="message-input"
        onChange={(event) => {
          setText(event.target.value);
          const now = Date.now();
          if (now - lastTyping.current > TYPING_SIGNAL_MS) {
            lastTyping.current = now;
            sendTyping({ to: receiverId, donationId });
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) submit(event);
        }}
      />
      <Button type="submit" disabled={disabled || !text.trim()} data-testid="message-send">
        {t('messages.send')}
      </Button>
    </form>
  );
}
