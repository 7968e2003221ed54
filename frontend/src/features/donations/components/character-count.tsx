import { useTranslation } from 'react-i18next';
import '@/lib/donation-form-texts';

/**
 * "42 / 100" under a text field: how much of the API's limit is used. Over it, the count turns
 * to the error colour and the form says why on sending; nothing typed or pasted is cut.
 */
export function CharacterCount({ count, max, testId }: { count: number; max: number; testId: string }) {
  const { t } = useTranslation();
  const over = count > max;
  return (
    <span className={over ? 'char-count char-count--over' : 'char-count'} data-over={over} data-testid={testId}>
      <span aria-hidden="true" dir="ltr">
        {t('donationForm.counter', { count, max })}
      </span>
      <span className="visually-hidden">{t('donationForm.counterLabel', { count, max })}</span>
    </span>
  );
}
