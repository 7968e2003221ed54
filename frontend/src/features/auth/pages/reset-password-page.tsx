import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';
import { takeMailedToken } from '../lib/mailed-token';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.reset.title'));
  // Read once, before the address bar forgets it.
  const [token] = useState(() => takeMailedToken());
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
