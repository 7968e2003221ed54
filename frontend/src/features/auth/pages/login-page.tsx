import { AuthPage } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  return <AuthPage page="login"><LoginForm /></AuthPage>;
}
