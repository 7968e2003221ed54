import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera } from 'lucide-react';
import { MessagingRules } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { sendTyping } from '@/lib/realtime';
import '@/lib/chat-photo-texts';

/** How often typing is signalled while the member keeps typing. */
const TYPING_SIGNAL_MS = 2000;

interface MessageComposerProps {
  receiverId: string;
  donationId: number | null;
  disabled?: boolean;
  onSend: (content: string) => void;
  /** A photo chosen with the photo button, sent with what is typed as its caption. */
  onSendPhoto: (photo: File, caption: string) => void;
}

/** What the server takes (it checks the content whatever the type says). */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** The send form: blank text is not sent (docs/product.md#messaging), and typing tells the other member. */
export function MessageComposer({ receiverId, donationId, disabled, onSend, onSendPhoto }: MessageComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const photoInput = useRef<HTMLInputElement>(null);

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
      <input
        ref={photoInput}
        type="file"
        accept={PHOTO_TYPES}
        hidden
        data-testid="message-photo-input"
        onChange={(event) => {
          const photo = event.target.files?.[0];
          event.target.value = '';
          if (!photo) return;
          onSendPhoto(photo, text.trim());
          setText('');
        }}
      />
      <Button
        type="button"
        variant="outline"
        className="composer__photo"
        disabled={disabled}
        aria-label={t('chatPhotos.attach')}
        title={t('chatPhotos.attach')}
        data-testid="message-photo"
        onClick={() => photoInput.current?.click()}
      >
        <Camera aria-hidden="true" size={18} />
      </Button>
      <Button type="submit" disabled={disabled || !text.trim()} data-testid="message-send">
        {t('messages.send')}
      </Button>
    </form>
  );
}
