import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/input';
import type { LocationState } from '@/lib/location';
import { useCategories, useCategoryName } from '../api/get-categories';
import { useCityLabel } from '../api/get-cities';
import type { StatusFilter } from '../api/get-donations';
import { STATUS_FILTERS, type DonationFilters } from '../lib/filters';
import { DistanceSlider } from './distance-slider';
import { Check, MapPin } from 'lucide-react';

/** docs/product.md#browse: the slider navigates on its own after an 800 ms pause. */
export const SLIDER_DEBOUNCE_MS = 800;

export interface FilterPanelProps {
  /** the filters the URL holds now */
  filters: DonationFilters;
  location: LocationState;
  /** true when the search uses a position (from the URL or the member) */
  hasPosition: boolean;
  locating: boolean;
  onSubmit: (filters: DonationFilters) => void;
  /** the slider rested: search with the whole form as it stands (text typed so far included) */
  onSliderSettled: (filters: DonationFilters) => void;
  onUsePosition: () => void;
  onChangeLocation: () => void;
}

const STATUS_KEYS: Record<StatusFilter, string> = {
  all: 'donations.browse.statusAll',
  available: 'donations.status.available',
  reserved: 'donations.status.reserved',
  completed: 'donations.status.completed',
};

export function FilterPanel(props: FilterPanelProps) {
  const { filters, location, hasPosition, locating, onSubmit, onSliderSettled, onUsePosition, onChangeLocation } = props;
  const { t } = useTranslation();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const cityLabel = useCityLabel();
  const [draft, setDraft] = useState(filters);
  const [synced, setSynced] = useState(filters);

  // The URL changed under us (Back, a footer category link, the slider's own navigation):
  // show what it now says. Adjusting state while rendering avoids a flash of stale values.
  if (synced !== filters) {
    setSynced(filters);
    setDraft(filters);
  }

  const latest = useRef({ draft, onSliderSettled });
  useEffect(() => {
    latest.current = { draft, onSliderSettled };
  });
  useEffect(() => {
    if (draft.distance === filters.distance) return;
    const timer = setTimeout(() => latest.current.onSliderSettled(latest.current.draft), SLIDER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft.distance, filters.distance]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(draft);
  }

  return (
    <form className="card stack filter-panel" onSubmit={submit} role="search" data-testid="browse-filters">
      <InputField
        id="browse-query"
        type="search"
        label={t('donations.browse.search')}
        placeholder={t('donations.browse.searchPlaceholder')}
        value={draft.query}
        maxLength={100}
        onChange={(event) => setDraft({ ...draft, query: event.target.value })}
        data-testid="browse-search-input"
      />
      <SelectField
        id="browse-category"
        label={t('donations.form.category')}
        value={String(draft.category)}
        onChange={(event) => setDraft({ ...draft, category: event.target.value === 'all' ? 'all' : Number(event.target.value) })}
        data-testid="browse-category"
      >
        <option value="all">{t('donations.browse.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {categoryName(category.id)}
          </option>
        ))}
      </SelectField>
      <DistanceSlider
        id="browse-distance"
        value={draft.distance}
        onChange={(distance) => setDraft({ ...draft, distance })}
        testId="browse-distance"
      />
      <fieldset className="filter-panel__status">
        <legend className="field__label">{t('donations.browse.status')}</legend>
        {STATUS_FILTERS.map((status) => (
          <label key={status} className="choice">
            <input
              type="radio"
              name="status"
              value={status}
              checked={draft.status === status}
              onChange={() => setDraft({ ...draft, status })}
              data-testid={`browse-status-${status}`}
            />
            {t(STATUS_KEYS[status])}
          </label>
        ))}
      </fieldset>
      <Button type="submit" className="btn--block" data-testid="browse-submit">
        {t('donations.browse.apply')}
      </Button>
      <div className="filter-panel__location" data-testid="browse-location">
        <p className="field__label">{t('donations.browse.location')}</p>
        {hasPosition ? (
          <p className="filter-panel__position" data-testid="browse-position-known">
            <Check className="icon" aria-hidden="true" /> {t('donations.browse.currentPosition')}
            {location.position && <span className="muted"> · {cityLabel(location.city)}</span>}
          </p>
        ) : (
          <Button variant="outline" size="sm" onClick={onUsePosition} loading={locating} data-testid="browse-use-position">
            <MapPin className="icon" aria-hidden="true" /> {t('donations.nearby.usePosition')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onChangeLocation} data-testid="browse-change-location">
          {t('donations.location.dialogTitle')}
        </Button>
      </div>
    </form>
  );
}
