import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import type { User } from '@/lib/auth';
import { CITIES } from '@/lib/cities';
import { errorMessage } from '@/lib/errors';
import { useFormFields } from '@/lib/use-form-fields';
import type { UpdateProfileInput } from '@hdiya/contracts';
import { useUpdateUser } from '../api/update-user';

/** What the form holds: every field of the API's profile change, as typed text (the language switch sets the language). */
type UpdateUserInput = { [K in Exclude<keyof UpdateProfileInput, 'language'>]-?: string };

function fromUser(user: User): UpdateUserInput {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    // The address asked for, while it waits: saving the form again neither withdraws nor re-sends it.
    email: user.pendingEmail ?? user.email ?? '',
    phone: user.phone,
    city: user.city ?? '',
    currentPassword: '',
  };
}

// docs/product.md#validation: no client checks on this form; the server validates and names the bad field.
// Initial values are read once: the user query may poll (pending points) and must not wipe edits.
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const update = useUpdateUser();
  const { values, setValues, field: bind } = useFormFields(() => fromUser(user));
  const citiesId = useId();

  // The e-mail and the phone change only with the current password (the server asks for it).
  const changesContact = values.email.trim() !== (user.pendingEmail ?? user.email ?? '') || values.phone.trim() !== user.phone;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { currentPassword, ...fields } = values;
    const input: UpdateProfileInput = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.trim()]));
    // A password as typed: never trimmed, and sent only when it is asked for.
    if (changesContact && currentPassword) input.currentPassword = currentPassword;
    update.mutate(input, {
      onSuccess: () => {
        setValues((current) => ({ ...current, currentPassword: '' }));
        toast({ title: (tr) => tr('profile.form.success'), description: (tr) => tr('profile.form.successDescription'), variant: 'success' });
      },
      onError: (error) =>
        toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'profile.form.errorFallback'), variant: 'error' }),
    });
  }

  return (
    <form className="card stack" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <h2 className="section__title">{t('profile.form.title')}</h2>
      <div className="form-grid">
        <InputField id="profile-first-name" label={t('profile.form.firstName')} autoComplete="given-name" {...bind('firstName')} />
        <InputField id="profile-last-name" label={t('profile.form.lastName')} autoComplete="family-name" {...bind('lastName')} />
        <InputField id="profile-email" type="email" label={t('profile.form.email')} autoComplete="email" {...bind('email')} />
        <InputField id="profile-phone" type="tel" label={t('profile.form.phone')} autoComplete="tel" {...bind('phone')} />
        <InputField id="profile-city" label={t('profile.form.city')} list={citiesId} autoComplete="address-level2" {...bind('city')} />
        {changesContact && (
          <InputField
            id="profile-current-password"
            type="password"
            label={t('profile.form.currentPassword')}
            hint={t('profile.form.currentPasswordHint')}
            autoComplete="current-password"
            {...bind('currentPassword')}
          />
        )}
        <datalist id={citiesId}>
          {CITIES.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
      </div>
      <div>
        <Button type="submit" loading={update.isPending} data-testid="profile-submit">
          {t('profile.form.submit')}
        </Button>
      </div>
    </form>
  );
}
