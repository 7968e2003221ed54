import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';

export function SignupPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.signup.title'));
  return (
    <AuthCard title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <SignupForm />
    </AuthCard>
  );
}
