import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/input';
import '@/lib/request-texts';

/** The windows a donor may pick (2 to 48 hours, RequestWindowRules). */
const WINDOW_HOURS = [2, 6, 12, 24, 48] as const;

/**
 * Publishing: first come (the default) or let everyone ask for a while, then choose
 * (docs/product.md#request-window). `hours` is null for first come.
 */
export function AllocationField({ hours, onChange }: { hours: number | null; onChange: (hours: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="stack allocation-field" data-testid="allocation-field">
      <legend className="field__label">{t('requests.allocation.legend')}</legend>
      <label className="allocation-field__option">
        <input type="radio" name="allocation" checked={hours === null} onChange={() => onChange(null)} data-testid="allocation-first" />
        <span>
          <strong>{t('requests.allocation.first')}</strong>
          <br />
          <span className="muted">{t('requests.allocation.firstHint')}</span>
        </span>
      </label>
      <label className="allocation-field__option">
        <input type="radio" name="allocation" checked={hours !== null} onChange={() => onChange(24)} data-testid="allocation-choose" />
        <span>
          <strong>{t('requests.allocation.choose')}</strong>
          <br />
          <span className="muted">{t('requests.allocation.chooseHint')}</span>
        </span>
      </label>
      {hours !== null && (
        <SelectField id="allocation-hours" label={t('requests.allocation.hours')} value={String(hours)} onChange={(event) => onChange(Number(event.target.value))} data-testid="allocation-hours">
          {WINDOW_HOURS.map((h) => (
            <option key={h} value={h}>
              {t('requests.allocation.hoursOption', { count: h })}
            </option>
          ))}
        </SelectField>
      )}
    </fieldset>
  );
}
