import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { User } from '@/lib/auth';
import { isolate } from '@/lib/direction';
import { errorMessage } from '@/lib/errors';
import { useResendVerification } from '@/lib/resend-verification';

/**
 * Until the member opens the link mailed to their address, or to the new one they asked for (which
 * is not theirs until then): a notice, and the link sent again on request.
 */
export function EmailVerificationBanner({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const resend = useResendVerification();
  const waiting = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (!waiting) return null;
  const pending = user.pendingEmail !== null;
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: (tr) => tr('profile.verification.sent', { email: waiting }), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'profile.verification.errorFallback'), variant: 'error' }),
    });
  return (
    <section className="card profile-verification" role="status" data-testid="email-verification-banner">
      <MailWarning className="icon icon--lg" aria-hidden="true" />
      <div className="profile-verification__text">
        <p className="profile-verification__title">{t(pending ? 'profile.verification.pendingTitle' : 'profile.verification.title')}</p>
        <p className="muted">
          {pending && <>{t('profile.verification.pendingText', { email: isolate(user.email, i18n.language) })} </>}
          {t('profile.verification.text')} <bdi dir="ltr">{waiting}</bdi>
        </p>
      </div>
      <Button variant="secondary" size="sm" loading={resend.isPending} onClick={onResend} data-testid="resend-verification">
        {t('profile.verification.resend')}
      </Button>
    </section>
  );
}
