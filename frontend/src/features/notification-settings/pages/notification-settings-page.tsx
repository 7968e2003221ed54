import '@/lib/notification-settings-texts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInRequired } from '@/components/sign-in-required';
import { PageShell } from '@/components/ui/page';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/use-page-title';
import { useNotificationPreferences } from '../api/notification-preferences';
import { MailLanguageField } from '../components/mail-language-field';
import { PreferencesGrid } from '../components/preferences-grid';
import '../components/notification-settings.css';

interface NotificationSettingsPageProps {
  /** This device's push switch (the notifications feature's), composed in by the app. */
  devicePush?: ReactNode;
}

/** /settings/notifications: what reaches the member while Hdiya is closed, by e-mail and by push (decision 0027). */
export function NotificationSettingsPage({ devicePush }: NotificationSettingsPageProps) {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const preferences = useNotificationPreferences(Boolean(user));
  usePageTitle(t('notificationSettings.title'));

  if (isPending) return null;
  if (!user) return <SignInRequired text={t('notificationSettings.loginRequired')} testId="notification-settings-login-required" />;

  return (
    <PageShell title={t('notificationSettings.title')} lead={t('notificationSettings.lead')} className="notification-settings" testId="notification-settings-page">
      {devicePush}
      {user.emailVerified === false && (
        <p className="card notification-settings__note" data-testid="notification-settings-unverified">
          {t('notificationSettings.unverified')}
        </p>
      )}
      <MailLanguageField language={user.language} />
      {preferences.data && <PreferencesGrid preferences={preferences.data} />}
      <p className="muted">{t('notificationSettings.delays')}</p>
    </PageShell>
  );
}
