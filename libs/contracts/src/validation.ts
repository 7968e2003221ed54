import { plainToInstance, Transform } from 'class-transformer';
import {
  registerDecorator,
  type ValidationArguments,
  type ValidationError,
  type ValidationOptions,
  IsOptional,
  IsString,
  MaxLength,
  validateSync,
} from 'class-validator';
import { normalizeMoroccanPhone } from './phone.js';

/** The largest PostgreSQL `integer` (serial ids, counts): anything above names nothing. */
export const MAX_INT_ID = 2_147_483_647;

/** A path segment or text naming a row by its serial id, or null when it cannot name one. */
export function parseSerialId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_INT_ID ? id : null;
}

export const Messages = {
  required: 'Veuillez remplir tous les champs obligatoires.',
  loginRequired: 'Veuillez remplir tous les champs',
  forgotEmailRequired: 'Veuillez entrer votre adresse email',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 128 caractères.',
  invalidEmail: 'Adresse email invalide',
  invalidPhone: 'Numéro de téléphone invalide : utilisez le format 06XXXXXXXX ou +2126XXXXXXXX',
  invalidUsername:
    "Le nom d'utilisateur doit contenir de 3 à 30 caractères : lettres, chiffres, point, tiret ou tiret bas.",
  userNotFound: "Cet utilisateur n'existe pas.",
  adminOnly: 'Action réservée aux modérateurs.',
  contactName: 'Le nom doit contenir au moins 2 caractères',
  contactSubject: 'Le sujet doit contenir au moins 5 caractères',
  contactMessage: 'Le message doit contenir au moins 10 caractères',
  mustBeText: (field: string) => `Le champ ${field} doit être un texte.`,
  tooLong: (field: string, max: number) => `Le champ ${field} ne doit pas dépasser ${max} caractères.`,
} as const;

/** Trims strings and leaves every other type alone, so a wrong type still fails `IsString`. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Lower-cases and trims an e-mail address. */
export const NormalizeEmail = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** Several property decorators as one, applied in the order they would be stacked above a property. */
export function composeDecorators(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const decorator of [...decorators].reverse()) decorator(target, property);
  };
}

/** An optional first or last name: trimmed text of at most 50 characters. */
export const OptionalName = (field: string) =>
  composeDecorators(
    Trim(),
    IsOptional(),
    IsString({ message: Messages.mustBeText(field) }),
    MaxLength(50, { message: Messages.tooLong(field, 50) }),
  );

export function IsMoroccanPhone(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isMoroccanPhone',
      target: target.constructor,
      propertyName,
      options: { message: Messages.invalidPhone, ...options },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && normalizeMoroccanPhone(value) !== null,
      },
    });
}

/** Passes when the property equals another property of the same object. */
export function EqualsProperty(other: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'equalsProperty',
      target: target.constructor,
      propertyName,
      constraints: [other],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === (args.object as Record<string, unknown>)[other],
      },
    });
}

export interface ValidationFailure {
  field: string;
  message: string;
}

const PRESENCE_CONSTRAINTS = ['isDefined', 'isNotEmpty'];

/** Nested objects (an RPC payload wrapping a form) report their own fields. */
function flatten(errors: ValidationError[]): ValidationError[] {
  return errors.flatMap((error) => [error, ...flatten(error.children ?? [])]);
}

/**
 * The one failure to show: a missing required field first (the forms' "fill every field"
 * message), otherwise the first failing field in declaration order, type errors before rules.
 */
export function firstValidationFailure(errors: ValidationError[]): ValidationFailure | null {
  const flat = flatten(errors).filter((e) => e.constraints && Object.keys(e.constraints).length > 0);
  if (flat.length === 0) return null;
  for (const error of flat) {
    const presence = PRESENCE_CONSTRAINTS.find((c) => error.constraints![c]);
    if (presence) return { field: error.property, message: error.constraints![presence]! };
  }
  const first = flat[0]!;
  const constraints = first.constraints!;
  const message = constraints.isString ?? Object.values(constraints)[0]!;
  return { field: first.property, message };
}

export type Validated<T> = { ok: true; value: T } | { ok: false; failure: ValidationFailure };

/**
 * Turns an untrusted plain object into a validated DTO instance. The gateway runs it on HTTP
 * bodies and the services run it again on RPC payloads: one rule set serves both.
 */
export function validatePayload<T extends object>(dto: new () => T, plain: unknown): Validated<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, failure: { field: 'body', message: 'Le corps de la requête doit être un objet JSON.' } };
  }
  const instance = plainToInstance(dto, plain);
  const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: true });
  const failure = firstValidationFailure(errors);
  return failure ? { ok: false, failure } : { ok: true, value: instance };
}
