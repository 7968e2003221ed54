import { useTranslation } from 'react-i18next';
import { nextTheme, useTheme } from '@/lib/theme';

const ICONS = { light: '☀️', dark: '🌙', system: '🖥️' } as const;

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const label = t('layout.theme.label', { theme: t(`layout.theme.${theme}`) });
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm icon-button"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme-choice={theme}
      onClick={() => setTheme(nextTheme(theme))}
    >
      <span aria-hidden="true">{ICONS[theme]}</span>
    </button>
  );
}
