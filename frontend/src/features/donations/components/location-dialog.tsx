import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { CITIES } from '@/lib/cities';
import { DEFAULT_POSITION, updateLocation, useLocationState, type LocationState } from '@/lib/location';
import { useCities, useCityLabel } from '../api/get-cities';
import { useDeviceLocation } from '../hooks/use-device-location';
import { DistanceSlider } from './distance-slider';
import { LocateFixed } from 'lucide-react';

export interface LocationDialogProps {
  open: boolean;
  onClose: () => void;
  /** called with the new location after "Appliquer" or a successful device fix */
  onApplied?: (location: LocationState) => void;
}

/** 'Modifier la localisation': a city and a radius, or the device's own position (docs/product.md#home). */
export function LocationDialog({ open, onClose, onApplied }: LocationDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('donations.location.dialogTitle')} testId="location-dialog">
      <LocationForm onClose={onClose} onApplied={onApplied} />
    </Dialog>
  );
}

function LocationForm({ onClose, onApplied }: Omit<LocationDialogProps, 'open'>) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const location = useLocationState();
  const { data: cities } = useCities();
  const cityLabel = useCityLabel();
  const { locate, locating } = useDeviceLocation();
  const [city, setCity] = useState(location.city);
  const [distance, setDistance] = useState(location.distance);
  // the whole reference list once loaded; the 18 main cities meanwhile
  const names = cities?.map((entry) => entry.name) ?? [...CITIES];
  if (!names.includes(city)) names.unshift(city);

  function apply() {
    const place = cities?.find((entry) => entry.name === city);
    const position = place ? { lat: place.lat, lng: place.lng } : (location.position ?? DEFAULT_POSITION);
    const next = updateLocation({ city, distance, position });
    toast({
      title: (tr) => tr('donations.location.updated'),
      description: (tr) => tr('donations.location.updatedText', { distance: next.distance, city: cityLabel(next.city) }),
      variant: 'success',
    });
    onApplied?.(next);
    onClose();
  }

  async function applyDevicePosition() {
    const next = await locate();
    if (!next) return;
    updateLocation({ distance });
    onApplied?.({ ...next, distance });
    onClose();
  }

  return (
    <>
      <SelectField
        id="location-city"
        label={t('donations.location.city')}
        value={city}
        onChange={(event) => setCity(event.target.value)}
        data-testid="location-city"
      >
        {names.map((name) => (
          <option key={name} value={name}>
            {cityLabel(name)}
          </option>
        ))}
      </SelectField>
      <DistanceSlider id="location-distance" value={distance} onChange={setDistance} testId="location-distance" />
      <div className="dialog__footer">
        <Button variant="outline" onClick={() => void applyDevicePosition()} loading={locating} data-testid="location-use-device">
          <LocateFixed className="icon" aria-hidden="true" /> {t('donations.location.useCurrent')}
        </Button>
        <Button onClick={apply} data-testid="location-apply">
          {t('donations.location.apply')}
        </Button>
      </div>
    </>
  );
}
