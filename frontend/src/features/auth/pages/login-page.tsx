import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));
  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginForm />
    </AuthCard>
  );
}
