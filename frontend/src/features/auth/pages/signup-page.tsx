import { AuthPage } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';

export function SignupPage() {
  return <AuthPage page="signup"><SignupForm /></AuthPage>;
}
