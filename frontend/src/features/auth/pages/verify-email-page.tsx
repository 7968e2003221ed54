import { CheckCircle2, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { takeMailedToken } from '../lib/mailed-token';

/** The page a verification mail's link opens: it posts the token once (a mail scanner's GET uses nothing up). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.verify.title'));
  const [token] = useState(() => takeMailedToken());
  const verify = useVerifyEmail();
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  return (
    <AuthCard title={t('auth.verify.title')}>
      {verify.isSuccess ? (
        <div className="stack auth-card__sent" data-testid="verify-email-done">
          <div className="auth-card__icon">
            <CheckCircle2 className="icon icon--xl" aria-hidden="true" />
          </div>
          <p>{t('auth.verify.done')}</p>
          <Link to="/profile" className={buttonClass('primary', 'md', 'btn--block')}>
            {t('auth.verify.toProfile')}
          </Link>
        </div>
      ) : failed ? (
        <div className="stack auth-card__sent" data-testid="verify-email-invalid">
          <div className="auth-card__icon">
            <MailWarning className="icon icon--xl" aria-hidden="true" />
          </div>
          <p role="alert">{t('errors.VERIFICATION_TOKEN_INVALID')}</p>
          <Link to="/profile" className={buttonClass('primary', 'md', 'btn--block')}>
            {t('auth.verify.toProfile')}
          </Link>
        </div>
      ) : (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
    </AuthCard>
  );
}
