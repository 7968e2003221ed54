import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LazyDonationsMap } from './lazy-donations-map';

export interface MapDialogProps {
  open: boolean;
  onClose: () => void;
  city: string;
  /** already rounded to about 1 km by the server */
  latitude: number;
  longitude: number;
}

export function openStreetMapUrl(latitude: number, longitude: number, zoom = 14): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}

/** 'Voir sur la carte': the area the donation is in (to about 1 km), and a link to a full map (docs/product.md#donation-detail). */
export function MapDialog({ open, onClose, city, latitude, longitude }: MapDialogProps) {
  const { t } = useTranslation();
  const points = useMemo(() => [{ id: 0, title: city, lat: latitude, lng: longitude }], [city, latitude, longitude]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('donations.map.title')}
      testId="map-dialog"
      footer={
        <a
          href={openStreetMapUrl(latitude, longitude)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary')}
          data-testid="map-open-external"
        >
          {t('donations.map.open')}
        </a>
      }
    >
      {open && (
        <LazyDonationsMap points={points} center={points[0]!} zoom={13} areaRadiusM={1000} testId="detail-map" />
      )}
      <dl className="facts">
        <div>
          <dt>{t('donations.map.city')}</dt>
          <dd data-testid="map-city">{city}</dd>
        </div>
        <div>
          <dt>{t('donations.map.latitude')}</dt>
          <dd dir="ltr" data-testid="map-latitude">
            {latitude}
          </dd>
        </div>
        <div>
          <dt>{t('donations.map.longitude')}</dt>
          <dd dir="ltr" data-testid="map-longitude">
            {longitude}
          </dd>
        </div>
      </dl>
      <p className="muted">{t('donations.map.note')}</p>
    </Dialog>
  );
}
