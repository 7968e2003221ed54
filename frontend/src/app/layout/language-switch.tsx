import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, isLanguage, DEFAULT_LANGUAGE } from '@/lib/direction';
import { call } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { otherLanguage } from '@/lib/i18n';

/** Shows the language you can switch TO, written in that language ("العربية" while in French). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n, t } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const target = otherLanguage(current);
  const { data: user } = useUser();
  const switchLanguage = () => {
    void i18n.changeLanguage(target);
    // A signed-in member's mails follow the language they read the app in.
    if (user) void call('PATCH /api/auth/user', { body: { language: target } }).catch(() => undefined);
  };
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
