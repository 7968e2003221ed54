import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { useForgotPassword } from '../api/forgot-password';
import { AuthNotice } from './auth-card';
import { ForgotPasswordSchema } from '@hdiya/contracts';
import { useFormFields } from '@/lib/use-form-fields';
import { firstInvalid } from '@/lib/validation';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const forgot = useForgotPassword();
  const { values, field } = useFormFields({ email: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = values.email.trim();
    const invalid = firstInvalid(ForgotPasswordSchema, values);
    if (invalid) {
      setFormError(t(invalid.key));
      return;
    }
    setFormError(null);
    forgot.mutate(
      { email: address },
      {
        // The server's French message is not shown: our own translated text says the same thing.
        onSuccess: () => {
          setSentTo(address);
          toast({ title: (tr) => tr('auth.forgot.successToast'), variant: 'success' });
        },
        onError: (error) =>
          toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'auth.forgot.errorFallback'), variant: 'error' }),
      },
    );
  }

  if (sentTo) {
    return (
      <AuthNotice
        Icon={Mail}
        title={t('auth.forgot.sentTitle')}
        text={t('auth.forgot.sentText', { email: sentTo })}
        link={{ to: '/login', label: t('auth.forgot.backToLogin'), testId: 'back-to-login' }}
        testId="forgot-password-sent"
      />
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid="forgot-password-form">
      <InputField id="forgot-email" type="email" label={t('auth.forgot.email')} autoComplete="email" {...field('email')} />
      <FormError>{formError}</FormError>
      <Button type="submit" className="btn--block" loading={forgot.isPending} data-testid="forgot-password-submit">
        {t('auth.forgot.submit')}
      </Button>
      <p className="auth-card__footer">
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </form>
  );
}
