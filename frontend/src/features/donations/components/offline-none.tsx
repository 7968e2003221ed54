import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Offline, and the service worker kept nothing for this list: said plainly instead of skeletons or "try again". */
export function OfflineNone({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="card empty-state" role="status" data-testid={testId}>
      <p className="empty-state__icon">
        <WifiOff className="icon icon--xl" aria-hidden="true" />
      </p>
      <h3>{t('donations.offline.none')}</h3>
      <p>{t('donations.offline.noneText')}</p>
    </div>
  );
}
