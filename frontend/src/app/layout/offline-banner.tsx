import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online-status';

/** Offline, the app still opens (service worker) and shows the last results: it says so plainly. */
export function OfflineBanner() {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <WifiOff className="icon" aria-hidden="true" /> {t('layout.offline')}
    </div>
  );
}
