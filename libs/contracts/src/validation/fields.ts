import { z } from 'zod';
import { Messages } from '../messages.js';
import { normalizeMoroccanPhone } from '../phone.js';

// Building blocks of the input schemas, so each rule reads the same wherever a field appears.

/** The largest PostgreSQL `integer` (serial ids, counts): anything above names nothing. */
export const MAX_INT_ID = 2_147_483_647;

/** A path segment or text naming a row by its serial id, or null when it cannot name one. */
export function parseSerialId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_INT_ID ? id : null;
}

const absent = (value: unknown) => value === undefined || value === null;

/** A string, with `missing` when there is none and "must be text" when it is something else. */
export function string(field: string, missing: string = Messages.mustBeText(field)) {
  return z.string({ error: (issue) => (absent(issue.input) ? missing : Messages.mustBeText(field)) });
}

/** Trimmed text that must be there and not blank. */
export function requiredText(field: string, max: number, missing: string = Messages.required) {
  return string(field, missing).trim().min(1, missing).max(max, Messages.tooLong(field, max));
}

/** Trimmed text that may be left out (or null, which clears it). */
export function optionalText(field: string, max: number) {
  return string(field).trim().max(max, Messages.tooLong(field, max)).nullish();
}

/** An e-mail address: trimmed and lower-cased before it is checked. */
export function email(field: string, missing: string) {
  return string(field, missing)
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(254, Messages.tooLong(field, 254))
    .regex(z.regexes.email, Messages.invalidEmail);
}

/** A Moroccan mobile or landline number in any of the written forms members use. */
export function phone(field: string, missing: string = Messages.required) {
  return string(field, missing)
    .trim()
    .min(1, missing)
    .refine((value) => normalizeMoroccanPhone(value) !== null, Messages.invalidPhone);
}

/** Query strings arrive as text: numbers are parsed here, and a non-number stays NaN to be refused. */
export function fromText<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : typeof value === 'number' ? value : Number(value)),
    schema,
  );
}

/** A whole number in [min, max] with one message for every way it can be wrong but absence. */
export function integer(message: string, min: number, max: number, missing: string = message) {
  return z
    .number({ error: (issue) => (absent(issue.input) || issue.input === '' ? missing : message) })
    .int(message)
    .min(min, message)
    .max(max, message);
}

/** A number in [min, max] (coordinates, distances). */
export function decimal(message: string, min: number, max: number) {
  return z.number({ error: message }).min(min, message).max(max, message);
}

/** A member, reservation or request id (any UUID version, as PostgreSQL writes them). */
export function uuid(message: string = Messages.invalidRequest) {
  return z.guid({ error: message });
}

/** Anything that reads as an HTML tag: member text is plain text everywhere it is shown. */
export const MARKUP = /<\/?[a-z!][^>]*>/i;
