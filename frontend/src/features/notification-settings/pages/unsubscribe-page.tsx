import '@/lib/notification-settings-texts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { Button, buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnsubscribe } from '../api/notification-preferences';
import '../components/notification-settings.css';

/**
 * /unsubscribe?token=…: where a mail's "stop these mails" link leads a person. Opening it changes
 * nothing (mail scanners open links too); the button does, without signing in.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  usePageTitle(t('notificationSettings.unsubscribe.title'));

  return (
    <div className="container page unsubscribe" data-testid="unsubscribe-page">
      <div className="card stack">
        <h1>{t('notificationSettings.unsubscribe.title')}</h1>
        {unsubscribe.isSuccess ? (
          <>
            <p data-testid="unsubscribe-done" role="status">
              {t('notificationSettings.unsubscribe.done', {
                kinds: unsubscribe.data.kinds.map((kind) => t(`notificationSettings.kinds.${kind}`)).join(t('notificationSettings.unsubscribe.separator')),
              })}
            </p>
            <Link to="/settings/notifications" className={buttonClass('secondary')}>
              {t('notificationSettings.unsubscribe.manage')}
            </Link>
          </>
        ) : (
          <>
            <p>{t('notificationSettings.unsubscribe.question')}</p>
            {unsubscribe.isError && (
              <p className="form-error" role="alert" data-testid="unsubscribe-error">
                {errorMessage(unsubscribe.error, t, 'notificationSettings.error')}
              </p>
            )}
            <div>
              <Button data-testid="unsubscribe-confirm" disabled={!token || unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                {t('notificationSettings.unsubscribe.confirm')}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
