import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ResetPasswordSchema } from '@hdiya/contracts';
import { Button, LinkButton } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { userQueryOptions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useFormFields } from '@/lib/use-form-fields';
import { firstInvalid } from '@/lib/validation';
import { useResetPassword } from '../api/reset-password';
import { AuthNotice } from './auth-card';

/** The page a reset mail's link opens: a new password, then sign in again (every session ended). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const { values, field } = useFormFields({ password: '', confirmPassword: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const [done, setDone] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = firstInvalid(ResetPasswordSchema, { token: token ?? '', ...values });
    if (invalid) {
      setFormError(t(invalid.key));
      return;
    }
    setFormError(null);
    reset.mutate(
      { token: token!, ...values },
      {
        onSuccess: () => {
          setDone(true);
          // This browser's session, if any, ended with the others.
          void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'RESET_TOKEN_INVALID') setLinkInvalid(true);
          else setFormError(errorMessage(error, t, 'auth.reset.errorFallback'));
        },
      },
    );
  }

  if (done) {
    return (
      <AuthNotice
        Icon={CheckCircle2}
        title={t('auth.reset.doneTitle')}
        text={t('auth.reset.doneText')}
        link={{ to: '/login', label: t('auth.reset.toLogin'), testId: 'reset-to-login' }}
        testId="reset-password-done"
      />
    );
  }

  if (linkInvalid) {
    return (
      <div className="stack" data-testid="reset-password-invalid">
        <p role="alert" className="field__error">
          {t('errors.RESET_TOKEN_INVALID')}
        </p>
        <LinkButton to="/forgot-password" className="btn--block" data-testid="reset-ask-again">
          {t('auth.reset.askAgain')}
        </LinkButton>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid="reset-password-form">
      <InputField
        id="reset-password"
        type="password"
        label={t('auth.reset.password')}
        hint={t('auth.signup.passwordHint')}
        autoComplete="new-password"
        {...field('password')}
      />
      <InputField id="reset-confirm-password" type="password" label={t('auth.reset.confirmPassword')} autoComplete="new-password" {...field('confirmPassword')} />
      <FormError>{formError}</FormError>
      <Button type="submit" className="btn--block" loading={reset.isPending} data-testid="reset-password-submit">
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
