import { SignupSchema } from '@hdiya/contracts';
import { firstInvalid } from '@/lib/validation';
import type { SignupInput } from '../api/signup';

/** The API's signup rules, in the order of docs/product.md#validation. Returns an i18n key, or null when the form may be sent. */
export function validateSignup(input: SignupInput): string | null {
  return firstInvalid(SignupSchema, input)?.key ?? null;
}
