import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { authHref } from '@/lib/return-path';

/** The "Connexion requise" card that members-only screens show to visitors (docs/product.md#members-and-roles). */
export function SignInRequired({ text, testId = 'sign-in-required' }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="container page">
      <div className="card empty-state" data-testid={testId}>
        <p className="empty-state__icon">
          <Lock className="icon icon--xl" aria-hidden="true" />
        </p>
        <h1>{t('common.signInRequired')}</h1>
        <p>{text}</p>
        <Link to={authHref('/login', `${pathname}${search}`)} className={buttonClass('primary')} data-testid={`${testId}-login`}>
          {t('layout.login')}
        </Link>
      </div>
    </div>
  );
}
