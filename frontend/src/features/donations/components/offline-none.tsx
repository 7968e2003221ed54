import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';

/** Offline, and the service worker kept nothing for this list: said plainly instead of skeletons or "try again". */
export function OfflineNone({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return <EmptyState Icon={WifiOff} heading="h3" title={t('donations.offline.none')} text={t('donations.offline.noneText')} role="status" testId={testId} />;
}
