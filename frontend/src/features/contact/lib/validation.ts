import type { ContactMessageInput } from '../api/send-contact-message';

export const CONTACT_MIN_LENGTH = { name: 2, subject: 5, message: 10 } as const;

// A pragmatic shape check; the server has the last word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ContactErrors = Partial<Record<keyof ContactMessageInput, string>>;

/** Spec §5 contact rules; values are i18n keys. */
export function validateContact(input: ContactMessageInput): ContactErrors {
  const errors: ContactErrors = {};
  if (input.name.trim().length < CONTACT_MIN_LENGTH.name) errors.name = 'contact.form.errors.name';
  if (!EMAIL_PATTERN.test(input.email.trim())) errors.email = 'contact.form.errors.email';
  if (input.subject.trim().length < CONTACT_MIN_LENGTH.subject) errors.subject = 'contact.form.errors.subject';
  if (input.message.trim().length < CONTACT_MIN_LENGTH.message) errors.message = 'contact.form.errors.message';
  return errors;
}
