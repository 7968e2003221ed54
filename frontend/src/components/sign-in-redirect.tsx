import { Navigate, useLocation } from 'react-router-dom';
import { authHref } from '@/lib/return-path';

/** Members-only screens send a visitor to sign in, and sign-in brings them back here (query kept). */
export function SignInRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate to={authHref('/login', `${pathname}${search}`)} replace />;
}
