import { LocateFixed, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { Button, buttonClass } from '@/components/ui/button';
import { useLocationState } from '@/lib/location';
import { useDeviceLocation } from '../hooks/use-device-location';
import { DEFAULT_FILTERS, filtersToSearchParams, type BrowseArrival } from '../lib/filters';
import './donations.css';

/** A drawn street map with three pins: a light picture, the real map loads only on browse. */
function MapPicture() {
  return (
    <svg className="map-teaser__picture" viewBox="0 0 320 180" aria-hidden="true" focusable="false">
      <rect width="320" height="180" rx="16" className="map-teaser__ground" />
      <path d="M0 120 C80 100 140 150 320 110 M60 0 C80 60 70 120 110 180 M200 0 C190 70 230 120 220 180 M0 40 H320" className="map-teaser__street" />
      {[
        [96, 70],
        [168, 112],
        [236, 58],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`} transform={`translate(${x} ${y})`} className="map-teaser__pin">
          <path d="M0 0 C-12 -14 -12 -30 0 -30 C12 -30 12 -14 0 0 Z" />
          <circle cy="-20" r="4.5" className="map-teaser__pin-dot" />
        </g>
      ))}
    </svg>
  );
}

/**
 * The home page's map teaser (docs/product.md#home): a picture that opens the map view of browse, a button
 * that finds the member and opens the map around them, and "Filtrer", which opens browse's
 * filters (the older client's button did nothing; ours does what it says).
 */
export function MapTeaser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocationState();
  const { locate, locating } = useDeviceLocation();
  const mapHref = (position = location.position) =>
    `/donations?${filtersToSearchParams({ ...DEFAULT_FILTERS, distance: location.distance, position }, 'map')}`;

  async function locateOnMap() {
    const found = await locate();
    if (found?.position) navigate(mapHref(found.position));
  }

  const arrival: BrowseArrival = { openFilters: true };
  return (
    <section className="section card map-teaser" aria-labelledby="home-map-title" data-testid="map-teaser">
      <div className="map-teaser__text">
        <h2 id="home-map-title" className="section__title">
          {t('home.map.title')}
        </h2>
        <p className="muted">{t('home.map.text')}</p>
        <div className="row">
          <Button variant="primary" onClick={() => void locateOnMap()} loading={locating} data-testid="map-teaser-locate">
            <LocateFixed className="icon" aria-hidden="true" /> {t('home.map.locate')}
          </Button>
          <Link to={mapHref()} state={arrival} className={buttonClass('outline')} data-testid="map-teaser-filter">
            <SlidersHorizontal className="icon" aria-hidden="true" /> {t('home.map.filter')}
          </Link>
        </div>
      </div>
      <Link to={mapHref()} className="map-teaser__link" aria-label={t('home.map.open')} data-testid="map-teaser-open">
        <MapPicture />
      </Link>
    </section>
  );
}
