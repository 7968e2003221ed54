import { AuthPage } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  return <AuthPage page="forgot"><ForgotPasswordForm /></AuthPage>;
}
