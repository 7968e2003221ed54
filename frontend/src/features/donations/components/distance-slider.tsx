import { useTranslation } from 'react-i18next';
import { DonationRules } from '@/lib/donations';

export interface DistanceSliderProps {
  id: string;
  value: number;
  onChange: (value: number) => void;
  testId?: string;
}

/** 1 to 50 km, step 1, with the 1 / 25 / 50 km scale of docs/product.md#browse. */
export function DistanceSlider({ id, value, onChange, testId }: DistanceSliderProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('donations.location.distance', { value })}
      </label>
      <input
        id={id}
        type="range"
        className="range"
        min={DonationRules.minDistanceKm}
        max={DonationRules.maxDistanceKm}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-valuetext={t('donations.card.distance', { value })}
        data-testid={testId}
      />
      {/* the scale reads 1 → 50 in the slider's own direction, which follows the page */}
      <div className="range-scale" aria-hidden="true">
        <span>{t('donations.card.distance', { value: DonationRules.minDistanceKm })}</span>
        <span>{t('donations.card.distance', { value: 25 })}</span>
        <span>{t('donations.card.distance', { value: DonationRules.maxDistanceKm })}</span>
      </div>
    </div>
  );
}
