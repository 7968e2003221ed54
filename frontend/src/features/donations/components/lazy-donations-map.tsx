import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationsMapProps } from './donations-map';

// Leaflet is loaded only when a map is shown: the first visit does not pay for it.
const DonationsMap = lazy(() => import('./donations-map'));

export function LazyDonationsMap(props: DonationsMapProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<div className="donations-map__canvas" aria-busy="true" aria-label={t('common.loading')} />}>
      <DonationsMap {...props} />
    </Suspense>
  );
}
