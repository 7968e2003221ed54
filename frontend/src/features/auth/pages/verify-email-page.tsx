import { CheckCircle2, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerifyEmail } from '../api/verify-email';
import { AuthNotice, AuthPage } from '../components/auth-card';
import { takeMailedToken } from '../lib/mailed-token';

/** The page a verification mail's link opens: it posts the token once (a mail scanner's GET uses nothing up). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [token] = useState(() => takeMailedToken());
  const verify = useVerifyEmail();
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  const toProfile = { to: '/profile', label: t('auth.verify.toProfile') };
  return (
    <AuthPage page="verify" subtitle={false}>
      {verify.isSuccess ? (
        <AuthNotice Icon={CheckCircle2} text={t('auth.verify.done')} link={toProfile} testId="verify-email-done" />
      ) : failed ? (
        <AuthNotice Icon={MailWarning} text={t('errors.VERIFICATION_TOKEN_INVALID')} alert link={toProfile} testId="verify-email-invalid" />
      ) : (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
    </AuthPage>
  );
}
