import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, isLanguage, DEFAULT_LANGUAGE } from '@/lib/direction';
import { otherLanguage } from '@/lib/i18n';

/** Shows the language you can switch TO, written in that language ("العربية" while in French). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n, t } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const target = otherLanguage(current);
  // The screen's language only: a member's mails keep the language chosen in their settings (issue 46).
  const switchLanguage = () => void i18n.changeLanguage(target);
  return (
    <button
      type="button"
      className={['btn', 'btn--ghost', 'btn--sm', className].filter(Boolean).join(' ')}
      lang={target}
      title={t('layout.language.switch')}
      data-testid="language-switch"
      onClick={switchLanguage}
    >
      {LANGUAGE_NAMES[target]}
    </button>
  );
}
