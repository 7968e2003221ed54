import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { User } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useResendVerification } from '../api/resend-verification';

/** Until the member opens the link mailed to their address: a notice, and the link sent again on request. */
export function EmailVerificationBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: (tr) => tr('profile.verification.sent', { email: user.email }), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'profile.verification.errorFallback'), variant: 'error' }),
    });
  return (
    <section className="card profile-verification" role="status" data-testid="email-verification-banner">
      <MailWarning className="icon icon--lg" aria-hidden="true" />
      <div className="profile-verification__text">
        <p className="profile-verification__title">{t('profile.verification.title')}</p>
        <p className="muted">
          {t('profile.verification.text')} <bdi dir="ltr">{user.email}</bdi>
        </p>
      </div>
      <Button variant="secondary" size="sm" loading={resend.isPending} onClick={onResend} data-testid="resend-verification">
        {t('profile.verification.resend')}
      </Button>
    </section>
  );
}
