import { ContactSchema } from '@hdiya/contracts';
import { invalidFields } from '@/lib/validation';
import type { ContactMessageInput } from '../api/send-contact-message';

export type ContactErrors = Partial<Record<keyof ContactMessageInput, string>>;

/** The API's contact rules (docs/product.md#validation), every field at once; values are i18n keys. */
export function validateContact(input: ContactMessageInput): ContactErrors {
  return invalidFields(ContactSchema, input) as ContactErrors;
}
