import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { nextTheme, useTheme } from '@/lib/theme';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const label = t('layout.theme.label', { theme: t(`layout.theme.${theme}`) });
  const Icon = ICONS[theme];
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
      <Icon className="icon" aria-hidden="true" />
    </button>
  );
}
