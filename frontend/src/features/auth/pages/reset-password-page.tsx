import { useState } from 'react';
import { AuthPage } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';
import { takeMailedToken } from '../lib/mailed-token';

export function ResetPasswordPage() {
  // Read once, before the address bar forgets it.
  const [token] = useState(() => takeMailedToken());
  return (
    <AuthPage page="reset">
      <ResetPasswordForm token={token} />
    </AuthPage>
  );
}
