import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField, SelectField, TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { CITIES } from '@/lib/cities';
import { DonationRules } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import '@/lib/donation-form-texts';
import { useLeaveWarning } from '@/lib/use-leave-warning';
import { useCategories, useCategoryName } from '../api/get-categories';
import { useCityLabel } from '../api/get-cities';
import {
  formFieldOf,
  validateDonationForm,
  type DonationFormErrors,
  type DonationFormValues,
} from '../lib/donation-form';
import { hasContent } from '../lib/donation-draft';
import { PhotosField } from './photos-field';
import { AllocationField } from './allocation-field';
import { CharacterCount } from './character-count';
import { LeaveWarningDialog } from './leave-warning-dialog';

export interface DonationFormProps {
  mode: 'create' | 'edit';
  initial: DonationFormValues;
  /** rejects with the API error; a refusal naming a field is shown under that field */
  onSubmit: (values: DonationFormValues) => Promise<unknown>;
  pending: boolean;
  /** shown above the submit button (e.g. a note about the device position) */
  notice?: ReactNode;
  /** shown at the top of the form (e.g. "your draft is back") */
  header?: ReactNode;
  /** shown beside the submit button (e.g. the draft's note and "Supprimer le brouillon") */
  actions?: ReactNode;
  /** every change of the values (the publish form keeps them as a draft) */
  onValuesChange?: (values: DonationFormValues) => void;
}

/** The longest title and description the API takes (the counters and the "too long" messages). */
const MAX_LENGTH: Partial<Record<keyof DonationFormErrors, number>> = {
  title: DonationRules.titleMaxLength,
  description: DonationRules.descriptionMaxLength,
};

/** The control of each field, by the ids below. */
const FIELD_IDS: Record<keyof DonationFormErrors, string> = {
  title: 'donation-title',
  description: 'donation-description',
  categoryId: 'donation-category',
  city: 'donation-city',
  photos: 'donation-photo',
};

/** Typed work the member would lose by leaving: anything at all when publishing (decision 0061), a change when editing. */
function unsavedWork(mode: DonationFormProps['mode'], initial: DonationFormValues, values: DonationFormValues): boolean {
  if (mode === 'create') return hasContent(values);
  return (
    values.title !== initial.title ||
    values.description !== initial.description ||
    values.categoryId !== initial.categoryId ||
    values.city !== initial.city ||
    values.photos.map((photo) => photo.imageUrl).join('\n') !== initial.photos.map((photo) => photo.imageUrl).join('\n')
  );
}

/** Create and edit share this form: title, description, category, city, up to 5 photos (docs/product.md#giving-an-item). */
export function DonationForm({ mode, initial, onSubmit, pending, notice, header, actions, onValuesChange }: DonationFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const cityLabel = useCityLabel();
  const [values, setValues] = useState<DonationFormValues>(initial);
  const [errors, setErrors] = useState<DonationFormErrors>({});
  // refusals from the server, already in words (translated by code, or the server's French)
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof DonationFormErrors, string>>>({});
  const cities: string[] = CITIES.includes(initial.city) ? [...CITIES] : [initial.city, ...CITIES];
  const leave = useLeaveWarning(unsavedWork(mode, initial, values));
  const changed = useRef(onValuesChange);
  useEffect(() => {
    changed.current = onValuesChange;
  });
  useEffect(() => changed.current?.(values), [values]);

  const set = <K extends keyof DonationFormValues>(key: K, value: DonationFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  };
  const errorOf = (field: keyof DonationFormErrors) => serverErrors[field] ?? (errors[field] ? t(errors[field], { max: MAX_LENGTH[field] }) : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDonationForm(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      // The first field to fix gets the focus, so a phone scrolls to it and a screen reader reads its error.
      const first = (['title', 'description', 'categoryId', 'city', 'photos'] as const).find((field) => found[field]);
      if (first) document.getElementById(FIELD_IDS[first])?.focus();
      // "Fill in every field" only when one is missing: a text too long says so under its field.
      const missing = (['title', 'description', 'categoryId', 'city'] as const).some((field) => found[field] && !found[field].startsWith('donationForm.'));
      if (missing) {
        toast({ title: (tr) => tr('donations.form.incomplete'), description: (tr) => tr('validation.common.required'), variant: 'error' });
      }
      return;
    }
    // Sent: the page the form goes to afterwards opens unasked; a refusal warns again.
    leave.release(true);
    try {
      await onSubmit(values);
    } catch (error) {
      leave.release(false);
      const field = isApiError(error) ? formFieldOf(error.field) : null;
      if (field) setServerErrors({ [field]: errorMessage(error, t, 'validation.common.required') });
    }
  }

  const uploading = values.photos.some((photo) => photo.uploading);
  return (
    <form className="card stack donation-form" onSubmit={(event) => void submit(event)} noValidate data-testid="donation-form">
      {header}
      <InputField
        id="donation-title"
        label={t('donations.form.title')}
        placeholder={t('donations.form.titlePlaceholder')}
        value={values.title}
        hint={<CharacterCount count={values.title.length} max={DonationRules.titleMaxLength} testId="donation-title-count" />}
        required
        error={errorOf('title')}
        onChange={(event) => set('title', event.target.value)}
        data-testid="donation-title-input"
      />
      <TextareaField
        id="donation-description"
        label={t('donations.form.description')}
        placeholder={t('donations.form.descriptionPlaceholder')}
        value={values.description}
        hint={<CharacterCount count={values.description.length} max={DonationRules.descriptionMaxLength} testId="donation-description-count" />}
        rows={5}
        required
        error={errorOf('description')}
        onChange={(event) => set('description', event.target.value)}
        data-testid="donation-description-input"
      />
      <div className="form-grid">
        <SelectField
          id="donation-category"
          label={t('donations.form.category')}
          value={String(values.categoryId)}
          required
          error={errorOf('categoryId')}
          onChange={(event) => set('categoryId', Number(event.target.value))}
          data-testid="donation-category"
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {categoryName(category.id)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="donation-city"
          label={t('donations.form.city')}
          value={values.city}
          required
          error={errorOf('city')}
          onChange={(event) => set('city', event.target.value)}
          data-testid="donation-city"
        >
          {cities.map((city) => (
            <option key={city} value={city}>
              {cityLabel(city)}
            </option>
          ))}
        </SelectField>
      </div>
      <PhotosField
        value={values.photos}
        onChange={(update) => {
          setValues((current) => ({ ...current, photos: update(current.photos) }));
          setErrors((current) => ({ ...current, photos: undefined }));
          setServerErrors((current) => ({ ...current, photos: undefined }));
        }}
        error={errorOf('photos')}
      />
      {mode === 'create' && <AllocationField hours={values.allocationHours ?? null} onChange={(hours) => set('allocationHours', hours)} />}
      {notice}
      <div className="row donation-form__actions">
        <Button type="submit" size="lg" loading={pending} disabled={uploading} data-testid="donation-submit">
          {t(mode === 'create' ? 'donations.form.submitCreate' : 'donations.form.submitEdit')}
        </Button>
        {actions}
      </div>
      <LeaveWarningDialog blocker={leave.blocker} text={t(mode === 'create' ? 'donationForm.leave.textDraft' : 'donationForm.leave.textEdit')} />
    </form>
  );
}
