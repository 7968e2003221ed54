import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AskRules, type AskVisibility, type PostAskInput } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/input';
import { useLocationState } from '@/lib/location';
import '@/lib/ask-texts';
import { useCategories, useCategoryName } from '../api/get-categories';
import { useCities, useCityLabel } from '../api/get-cities';
import { DistanceSlider } from './distance-slider';

/** Publishing an ask: a few words (`initialTitle`: a search's that found nothing), a category or any, a city and radius, public or discreet. */
export function AskForm({
  saving,
  onSave,
  onCancel,
  initialTitle = '',
}: {
  saving: boolean;
  onSave: (ask: PostAskInput) => void;
  onCancel: () => void;
  initialTitle?: string;
}) {
  const { t } = useTranslation();
  const location = useLocationState();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const cities = useCities().data ?? [];
  const cityLabel = useCityLabel();
  const [title, setTitle] = useState(initialTitle.slice(0, AskRules.titleMaxLength));
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [city, setCity] = useState(location.city);
  const [distance, setDistance] = useState(10);
  const [visibility, setVisibility] = useState<AskVisibility>('discreet');

  function submit(event: FormEvent) {
    event.preventDefault();
    // The member's own position refines the place when it is in the chosen city.
    const place = location.position && city === location.city ? { lat: location.position.lat, lng: location.position.lng } : {};
    onSave({ title: title.trim(), categoryId, city, distance, visibility, ...place });
  }

  return (
    <form className="card stack" onSubmit={submit} data-testid="ask-form">
      <InputField
        id="ask-title"
        label={t('asks.form.title')}
        hint={t('asks.form.titleHint')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={AskRules.titleMaxLength}
        required
        dir="auto"
        data-testid="ask-title"
      />
      <SelectField id="ask-category" label={t('asks.form.category')} value={categoryId ?? 'all'} onChange={(e) => setCategoryId(e.target.value === 'all' ? null : Number(e.target.value))}>
        <option value="all">{t('asks.form.anyCategory')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {categoryName(category.id)}
          </option>
        ))}
      </SelectField>
      <SelectField id="ask-city" label={t('asks.form.city')} value={city} onChange={(e) => setCity(e.target.value)} data-testid="ask-city">
        {cities.map((c) => (
          <option key={c.name} value={c.name}>
            {cityLabel(c.name)}
          </option>
        ))}
      </SelectField>
      <DistanceSlider id="ask-distance" value={distance} onChange={setDistance} testId="ask-distance" />
      <fieldset className="stack allocation-field">
        <legend className="field__label">{t('asks.form.visibility')}</legend>
        {(['discreet', 'public'] as const).map((option) => (
          <label key={option} className="allocation-field__option">
            <input type="radio" name="ask-visibility" checked={visibility === option} onChange={() => setVisibility(option)} data-testid={`ask-visibility-${option}`} />
            <span>
              <strong>{t(`asks.form.${option}`)}</strong>
              <br />
              <span className="muted">{t(`asks.form.${option}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="row">
        <Button type="submit" loading={saving} data-testid="ask-submit">
          {t('asks.form.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('asks.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
