import { MAIL_LANGUAGES, type MailLanguage } from '@hdiya/contracts';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { LANGUAGE_NAMES } from '@/lib/direction';
import { errorMessage } from '@/lib/errors';
import { useMailLanguageChange } from '../api/mail-language';

/**
 * The language of the member's mails (resets, verifications, digests…), chosen here: signing up
 * sets it, switching the screen's language does not (issue 46). Each language is named in itself.
 */
export function MailLanguageField({ language }: { language: MailLanguage }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const change = useMailLanguageChange();
  const choose = (next: MailLanguage) =>
    change.mutate(next, {
      onSuccess: () => toast({ title: (tr) => tr('notificationSettings.mailLanguage.saved'), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'notificationSettings.error'), variant: 'error' }),
    });
  const shown = change.isPending && change.variables ? change.variables : language;
  return (
    <fieldset className="card stack mail-language" data-testid="mail-language">
      <legend className="mail-language__legend">{t('notificationSettings.mailLanguage.legend')}</legend>
      <p className="muted">{t('notificationSettings.mailLanguage.hint')}</p>
      <div className="mail-language__options">
        {MAIL_LANGUAGES.map((option) => (
          <label key={option} className="mail-language__option" lang={option}>
            <input
              type="radio"
              name="mail-language"
              value={option}
              checked={shown === option}
              disabled={change.isPending}
              onChange={() => choose(option)}
              data-testid={`mail-language-${option}`}
            />
            <span>{LANGUAGE_NAMES[option]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
