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

/**
 * Characters that change how the text around them is shown without being seen themselves (issue
 * 45): direction overrides, embeddings and isolates (a reversed "Vélo \u202Egpj.exe"), zero-width
 * spaces, joiners and marks, the word joiner and the byte order mark. Member text is shown inside
 * our own sentences, which isolate it themselves. The zero-width joiner stays between emoji, where
 * it is part of the picture (👩‍🍳).
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const ZWJ = '\u200D';

/** Whether the joiner at `at` joins two emoji (the first perhaps with its emoji-style selector). */
function joinsEmoji(text: string, at: number): boolean {
  const before = [...text.slice(Math.max(0, at - 4), at).replace(/\uFE0F$/, '')].at(-1) ?? '';
  const after = String.fromCodePoint(text.codePointAt(at + 1) ?? 0);
  return PICTOGRAPHIC.test(before) && PICTOGRAPHIC.test(after);
}

/** Member text as stored and shown: without invisible controls, in Unicode's composed form (NFC). */
export function cleanMemberText(text: string): string {
  // A callback, not a lookbehind: older iPhones (Safari before 16.4) refuse lookbehinds outright.
  return text.replace(INVISIBLE, (char, at: number) => (char === ZWJ && joinsEmoji(text, at) ? char : '')).normalize('NFC');
}

/** Trimmed member text that must be there and not blank (blank once its invisible characters are gone). */
export function requiredText(field: string, max: number, missing: string = Messages.required) {
  return string(field, missing).overwrite(cleanMemberText).trim().min(1, missing).max(max, Messages.tooLong(field, max));
}

/** Trimmed member text that may be left out (or null, which clears it). */
export function optionalText(field: string, max: number) {
  return string(field).overwrite(cleanMemberText).trim().max(max, Messages.tooLong(field, max)).nullish();
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
