import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { useLogin } from '../api/login';
import { LoginSchema } from '@hdiya/contracts';
import { firstInvalid } from '@/lib/validation';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = firstInvalid(LoginSchema, { username, password });
    if (invalid) {
      setFormError(t(invalid.key));
      return;
    }
    setFormError(null);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => {
          toast({ title: t('auth.login.success'), variant: 'success' });
          navigate('/');
        },
        onError: (error) =>
          toast({
            title: t('auth.login.errorTitle'),
            description: errorMessage(error, t, 'auth.login.errorFallback'),
            variant: 'error',
          }),
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid="login-form">
      <InputField
        id="login-username"
        name="username"
        label={t('auth.login.username')}
        hint={t('auth.login.usernameHint')}
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <InputField
        id="login-password"
        name="password"
        type="password"
        label={t('auth.login.password')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="auth-card__aside">
        <Link to="/forgot-password" data-testid="forgot-password-link">
          {t('auth.login.forgot')}
        </Link>
      </div>
      <FormError>{formError}</FormError>
      <Button type="submit" className="btn--block" loading={login.isPending} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
      <p className="auth-card__footer">
        {t('auth.login.noAccount')}{' '}
        <Link to="/signup" data-testid="signup-link">
          {t('auth.login.toSignup')}
        </Link>
      </p>
    </form>
  );
}
