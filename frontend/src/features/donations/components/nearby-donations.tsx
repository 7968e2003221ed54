import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/states';
import { DonationRules } from '@/lib/donations';
import { useLocationState } from '@/lib/location';
import { useOnline } from '@/lib/online-status';
import { useCityLabel } from '../api/get-cities';
import { useRecentDonations } from '../api/get-donations';
import { useNearbyDonations } from '../api/get-nearby-donations';
import { useDeviceLocation, useLocationBootstrap } from '../hooks/use-device-location';
import { DonationGrid } from './donation-grid';
import { LocationDialog } from './location-dialog';
import { OfflineNone } from './offline-none';
import { MapPin } from 'lucide-react';

const HOME_SKELETONS = 4;

/**
 * Home "nearby" section (docs/product.md#home): with a position, up to 8 available donations nearest first;
 * without one, the latest donations. A badge shows the city and radius and opens the location dialog.
 */
export function NearbyDonations() {
  const { t } = useTranslation();
  useLocationBootstrap();
  const location = useLocationState();
  const cityLabel = useCityLabel();
  const { locate, locating } = useDeviceLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const known = location.position !== null;
  const online = useOnline();

  const nearby = useNearbyDonations(known && location.position ? { ...location.position, distance: location.distance } : null);
  const recent = useRecentDonations(!known);
  const active = known ? nearby : recent;
  const donations = active.data?.slice(0, DonationRules.nearbyLimit);

  const explore = (
    <Link to="/donations" className={buttonClass('outline')} data-testid="nearby-explore">
      {t('donations.nearby.explore')}
    </Link>
  );
  const locateButton = (labelKey: 'donations.nearby.usePosition' | 'donations.nearby.enablePosition') => (
    <Button variant="primary" onClick={() => void locate()} loading={locating} data-testid="nearby-use-position">
      <MapPin className="icon" aria-hidden="true" /> {t(labelKey)}
    </Button>
  );

  let body;
  if (active.isPending) {
    body = <DonationGrid donations={undefined} loading skeletons={HOME_SKELETONS} testId="nearby-grid" />;
  } else if (active.isError && !donations && !online) {
    body = <OfflineNone testId="nearby-offline-none" />;
  } else if (active.isError && !donations) {
    body = <ErrorState message={t('donations.nearby.error')} onRetry={active.refetch} testId="nearby-error" />;
  } else if (!donations?.length) {
    body = known ? (
      <div className="card empty-state" data-testid="nearby-empty">
        <h3>{t('donations.nearby.emptyNearby')}</h3>
        <p>{t('donations.nearby.emptyNearbyText', { distance: location.distance })}</p>
        <div className="row">{explore}</div>
      </div>
    ) : (
      <div className="card empty-state" data-testid="nearby-none">
        <h3>{t('donations.nearby.emptyAll')}</h3>
        <div className="row">
          {locateButton('donations.nearby.enablePosition')}
          {explore}
        </div>
      </div>
    );
  } else {
    body = <DonationGrid donations={donations} hideDistance={!known} testId="nearby-grid" />;
  }

  return (
    <section className="section" aria-labelledby="home-nearby-title" data-testid="nearby-donations" data-mode={known ? 'nearby' : 'recent'}>
      <div className="section__head">
        <h2 id="home-nearby-title" className="section__title">
          {t(known ? 'donations.nearby.titleNearby' : 'donations.nearby.titleRecent')}
        </h2>
        <div className="row">
          {known ? (
            <button
              type="button"
              className="badge location-badge"
              onClick={() => setDialogOpen(true)}
              title={t('donations.location.dialogTitle')}
              data-testid="location-badge"
            >
              <MapPin className="icon" aria-hidden="true" />
              {t('donations.location.badge', { city: cityLabel(location.city), distance: location.distance })}
            </button>
          ) : (
            locateButton('donations.nearby.usePosition')
          )}
          <Button variant="ghost" size="sm" onClick={() => setDialogOpen(true)} data-testid="location-change">
            {t('donations.location.change')}
          </Button>
        </div>
      </div>
      {body}
      <div className="nearby__more">
        <Link to="/donations" className={buttonClass('primary')} data-testid="see-more-donations">
          {t('donations.nearby.seeMore')}
        </Link>
      </div>
      <LocationDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </section>
  );
}
