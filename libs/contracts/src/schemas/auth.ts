import { z } from 'zod';
import { MAIL_LANGUAGES } from '../mail.js';
import { Messages } from '../messages.js';
import { email, optionalText, phone, requiredText, string } from '../validation/fields.js';

const USERNAME = /^[\p{L}\p{N}._-]{3,30}$/u;

/** A first or last name: optional, at most 50 characters; empty clears it. */
const name = (field: string) => optionalText(field, 50);

/** The language the member reads the web app and their mails in. */
const language = z.enum(MAIL_LANGUAGES, { error: Messages.invalidLanguage });

/** A password as typed: never trimmed. */
const password = (field: string, missing: string) => string(field, missing).min(1, missing);

export const SignupSchema = z
  .object({
    username: string('username', Messages.required).trim().min(1, Messages.required).regex(USERNAME, Messages.invalidUsername),
    email: email('email', Messages.required),
    phone: phone('phone'),
    // Declared before `password` on purpose: a mismatch is reported before the length rule, in the
    // order the signup form states its rules.
    confirmPassword: password('confirmPassword', Messages.required),
    password: password('password', Messages.required).min(8, Messages.passwordTooShort).max(128, Messages.passwordTooLong),
    firstName: name('firstName'),
    lastName: name('lastName'),
    language: language.optional(),
  })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    message: Messages.passwordMismatch,
    when: (payload) => typeof (payload.value as { confirmPassword?: unknown }).confirmPassword === 'string',
  });
export type SignupInput = z.output<typeof SignupSchema>;

export const LoginSchema = z.object({
  /** A username or an e-mail address. */
  username: requiredText('username', 254, Messages.loginRequired),
  password: password('password', Messages.loginRequired).max(128, Messages.passwordTooLong),
});
export type LoginInput = z.output<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({
  email: email('email', Messages.forgotEmailRequired),
});
export type ForgotPasswordInput = z.output<typeof ForgotPasswordSchema>;

/** A token from a mailed link: anything malformed reads as invalid, like a forged or expired one. */
const mailedToken = (invalid: string) => string('token', invalid).min(1, invalid).max(200, invalid);

/** The reset page: the token from the mailed link and the new password, with the signup's rules. */
export const ResetPasswordSchema = z
  .object({
    token: mailedToken(Messages.resetTokenInvalid),
    confirmPassword: password('confirmPassword', Messages.required),
    password: password('password', Messages.required).min(8, Messages.passwordTooShort).max(128, Messages.passwordTooLong),
  })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    message: Messages.passwordMismatch,
    when: (payload) => typeof (payload.value as { confirmPassword?: unknown }).confirmPassword === 'string',
  });
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;

/** The address-verification link's token. */
export const VerifyEmailSchema = z.object({ token: mailedToken(Messages.verificationTokenInvalid) });
export type VerifyEmailInput = z.output<typeof VerifyEmailSchema>;

/**
 * Every field optional; an empty first/last name or city clears it. Changing the e-mail or the
 * phone (where password resets and transfers go) needs the current password: the users service
 * knows whether they change, so it is the one that asks for it.
 */
export const UpdateProfileSchema = z.object({
  firstName: name('firstName'),
  lastName: name('lastName'),
  email: email('email', Messages.invalidEmail).optional(),
  phone: phone('phone', Messages.invalidPhone).optional(),
  city: optionalText('city', 80),
  currentPassword: password('currentPassword', Messages.currentPasswordRequired).max(128, Messages.passwordTooLong).optional(),
  language: language.optional(),
});
export type UpdateProfileInput = z.output<typeof UpdateProfileSchema>;

export const ContactSchema = z.object({
  name: string('name', Messages.contactName).trim().min(2, Messages.contactName).max(100, Messages.tooLong('name', 100)),
  email: email('email', Messages.invalidEmail),
  subject: string('subject', Messages.contactSubject).trim().min(5, Messages.contactSubject).max(200, Messages.tooLong('subject', 200)),
  message: string('message', Messages.contactMessage).trim().min(10, Messages.contactMessage).max(5000, Messages.tooLong('message', 5000)),
});
export type ContactInput = z.output<typeof ContactSchema>;
