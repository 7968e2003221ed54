import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import './auth.css';

/** The account screens, each with its texts under `auth.<page>`. */
export type AuthPageId = 'login' | 'signup' | 'forgot' | 'reset' | 'verify';

/** An account screen: its title (also the window's), its subtitle unless told otherwise, and the card holding the form. */
export function AuthPage({ page, subtitle = true, children }: { page: AuthPageId; subtitle?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`auth.${page}.title`);
  usePageTitle(title);
  return (
    <div className="container page page--narrow">
      <div className="card auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="muted auth-card__subtitle">{t(`auth.${page}.subtitle`)}</p>}
        {children}
      </div>
    </div>
  );
}

interface AuthNoticeProps {
  Icon: LucideIcon;
  /** with a title, the text below it is muted; without, the text is the message */
  title?: string;
  text: string;
  /** the text is read out at once (a failure) */
  alert?: boolean;
  link: { to: string; label: string; testId?: string };
  testId: string;
}

/** What replaces a form once it is done (or cannot be used): an icon, what happened and where to go next. */
export function AuthNotice({ Icon, title, text, alert, link, testId }: AuthNoticeProps) {
  return (
    <div className="stack auth-card__sent" data-testid={testId}>
      <div className="auth-card__icon">
        <Icon className="icon icon--xl" aria-hidden="true" />
      </div>
      {title && <h2>{title}</h2>}
      <p className={title ? 'muted' : undefined} role={alert ? 'alert' : undefined}>
        {text}
      </p>
      <LinkButton to={link.to} className="btn--block" data-testid={link.testId}>
        {link.label}
      </LinkButton>
    </div>
  );
}
