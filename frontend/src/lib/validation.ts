import type { z } from 'zod';
import { fieldFailures, MESSAGE_TEXTS, messageKeyOf, validatePayload } from '@hdiya/contracts';

// Forms check their input with the API's own schemas (libs/contracts): the rules and the French
// texts live there once; the Arabic texts live in locales/ar/validation.json under the same keys.

/** The i18n key of a contract message (`validation.common.passwordTooShort`), or a generic one. */
export function validationKey(message: string): string {
  const key = messageKeyOf(message);
  return key ? `validation.${key}` : 'validation.invalid';
}

/** The first broken rule as the API would name it: the field and an i18n key. */
export function firstInvalid(schema: z.ZodType, values: unknown): { field: string; key: string } | null {
  const result = validatePayload(schema, values);
  return result.ok ? null : { field: result.failure.field, key: validationKey(result.failure.message) };
}

/** Every failing field with the i18n key of its first broken rule. */
export function invalidFields(schema: z.ZodType, values: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldFailures(schema, values)).map(([field, message]) => [field, validationKey(message)]));
}

/** The French texts of the contracts, shaped as the `validation` area of the French resources. */
export function frenchValidationTexts(): Record<string, unknown> {
  const texts: Record<string, Record<string, string>> = {};
  for (const [key, text] of Object.entries(MESSAGE_TEXTS)) {
    const [area, name] = key.split('.') as [string, string];
    (texts[area] ??= {})[name] = text;
  }
  return { invalid: 'Valeur invalide.', ...texts };
}
