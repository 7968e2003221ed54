import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { authHref, NEXT_PARAM, safeReturnPath } from '@/lib/return-path';
import { useLogin } from '../api/login';
import { LoginSchema } from '@hdiya/contracts';
import { useFormFields } from '@/lib/use-form-fields';
import { firstInvalid } from '@/lib/validation';

const ERROR_ID = 'login-error';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get(NEXT_PARAM));
  const { toast } = useToast();
  const login = useLogin();
  const { values, field } = useFormFields({ username: '', password: '' });
  // Written at render, so the message follows a language switch.
  const [formError, setFormError] = useState<((t: TFunction) => string) | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = firstInvalid(LoginSchema, values);
    if (invalid) {
      setFormError(() => (tr: TFunction) => tr(invalid.key));
      return;
    }
    setFormError(null);
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () => {
          toast({ title: (tr) => tr('auth.login.success'), variant: 'success' });
          // Back to the members-only page that sent the visitor here (a path of this site only).
          navigate(next ?? '/', { replace: true });
        },
        // By the form, read out and tied to both fields: a corner toast was easy to miss.
        onError: (error) => setFormError(() => (tr: TFunction) => errorMessage(error, tr, 'auth.login.errorFallback')),
      },
    );
  }

  const invalid = formError ? { 'aria-invalid': true, 'aria-errormessage': ERROR_ID } : {};
  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid="login-form">
      <InputField
        id="login-username"
        label={t('auth.login.username')}
        hint={t('auth.login.usernameHint')}
        autoComplete="username"
        {...field('username')}
        aria-describedby={formError ? `login-username-hint ${ERROR_ID}` : 'login-username-hint'}
        {...invalid}
      />
      <InputField
        id="login-password"
        type="password"
        label={t('auth.login.password')}
        autoComplete="current-password"
        {...field('password')}
        aria-describedby={formError ? ERROR_ID : undefined}
        {...invalid}
      />
      <div className="auth-card__aside">
        <Link to="/forgot-password" data-testid="forgot-password-link">
          {t('auth.login.forgot')}
        </Link>
      </div>
      <FormError id={ERROR_ID}>{formError?.(t)}</FormError>
      <Button type="submit" className="btn--block" loading={login.isPending} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
      <p className="auth-card__footer">
        {t('auth.login.noAccount')}{' '}
        <Link to={authHref('/signup', next)} data-testid="signup-link">
          {t('auth.login.toSignup')}
        </Link>
      </p>
    </form>
  );
}
