import type { SignupInput } from '../api/signup';

export const PASSWORD_MIN_LENGTH = 8;

/** Spec §5 signup checks, in the spec's order. Returns an i18n key, or null when the form may be sent. */
export function validateSignup(input: SignupInput): string | null {
  const required = [input.username, input.email, input.phone, input.password, input.confirmPassword];
  if (required.some((value) => !value.trim())) return 'auth.signup.errors.required';
  if (input.password !== input.confirmPassword) return 'auth.signup.errors.mismatch';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'auth.signup.errors.tooShort';
  return null;
}
