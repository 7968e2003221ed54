import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { authHref, NEXT_PARAM, safeReturnPath } from '@/lib/return-path';
import { useFormFields } from '@/lib/use-form-fields';
import { useSignup, type SignupInput } from '../api/signup';

/** What the form holds: every field of the API's signup input, as typed text. */
type SignupFormValues = { [K in Exclude<keyof SignupInput, 'language'>]-?: string };
import { validateSignup } from '../lib/validation';

type FieldName = keyof SignupFormValues;

const EMPTY: SignupFormValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

/** docs/product.md#information-and-account-pages: after signup the app goes home "after about 100 ms", once the toast is on screen. */
const REDIRECT_DELAY_MS = 100;

export function SignupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Signing up from a members-only page's sign-in leads back to that page.
  const next = safeReturnPath(params.get(NEXT_PARAM));
  const { toast } = useToast();
  const signup = useSignup();
  const { values, field } = useFormFields(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const bind = (name: FieldName) => ({ ...field(name), error: fieldErrors[name] });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateSignup(values);
    setFormError(invalid ? t(invalid) : null);
    setFieldErrors({});
    if (invalid) return;

    const input: SignupInput = {
      ...values,
      username: values.username.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      // Mails reach the member in the language they signed up in.
      language: i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr',
    };
    signup.mutate(input, {
      onSuccess: () => {
        toast({ title: (tr) => tr('auth.signup.success'), description: (tr) => tr('auth.signup.successDescription'), variant: 'success' });
        redirectTimer.current = window.setTimeout(() => navigate(next ?? '/', { replace: true }), REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        const message = errorMessage(error, t, 'auth.signup.errorFallback');
        if (isApiError(error) && error.field && error.field in EMPTY) {
          setFieldErrors({ [error.field as FieldName]: message });
        }
        toast({ title: (tr) => tr('auth.signup.errorTitle'), description: message, variant: 'error' });
      },
    });
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid="signup-form">
      <div className="form-grid">
        <InputField id="signup-first-name" label={t('auth.signup.firstName')} autoComplete="given-name" {...bind('firstName')} />
        <InputField id="signup-last-name" label={t('auth.signup.lastName')} autoComplete="family-name" {...bind('lastName')} />
      </div>
      <InputField id="signup-username" label={t('auth.signup.username')} autoComplete="username" {...bind('username')} />
      <InputField id="signup-email" type="email" label={t('auth.signup.email')} autoComplete="email" {...bind('email')} />
      <InputField
        id="signup-phone"
        type="tel"
        label={t('auth.signup.phone')}
        hint={t('auth.signup.phoneHint')}
        autoComplete="tel"
        inputMode="tel"
        {...bind('phone')}
      />
      <InputField
        id="signup-password"
        type="password"
        label={t('auth.signup.password')}
        hint={t('auth.signup.passwordHint')}
        autoComplete="new-password"
        {...bind('password')}
      />
      <InputField
        id="signup-confirm-password"
        type="password"
        label={t('auth.signup.confirmPassword')}
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
      <p className="auth-card__terms">
        <Trans
          i18nKey="auth.signup.terms"
          components={{ terms: <Link to="/terms-of-service" />, privacy: <Link to="/privacy-policy" /> }}
        />
      </p>
      <FormError>{formError}</FormError>
      <Button type="submit" className="btn--block" loading={signup.isPending} data-testid="signup-submit">
        {t('auth.signup.submit')}
      </Button>
      <p className="auth-card__footer">
        {t('auth.signup.haveAccount')}{' '}
        <Link to={authHref('/login', next)} data-testid="login-link">
          {t('auth.signup.toLogin')}
        </Link>
      </p>
    </form>
  );
}
