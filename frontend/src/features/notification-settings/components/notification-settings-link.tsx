import '@/lib/notification-settings-texts';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { BellRing } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';

/** The profile's way to the notification settings (e-mail, push, this device). */
export function NotificationSettingsLink() {
  const { t } = useTranslation();
  return (
    <section className="card stack" data-testid="notification-settings-link">
      <h2>{t('notificationSettings.title')}</h2>
      <p className="muted">{t('notificationSettings.linkText')}</p>
      <div>
        <Link to="/settings/notifications" className={buttonClass('secondary')}>
          <BellRing className="icon" aria-hidden="true" /> {t('notificationSettings.open')}
        </Link>
      </div>
    </section>
  );
}
