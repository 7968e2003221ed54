import { IsDefined, IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  EqualsProperty,
  IsMoroccanPhone,
  Messages,
  NormalizeEmail,
  OptionalName,
  Trim,
} from '../validation.js';

const USERNAME = /^[\p{L}\p{N}._-]{3,30}$/u;

export class SignupDto {
  @Trim()
  @IsNotEmpty({ message: Messages.required })
  @IsString({ message: Messages.mustBeText('username') })
  @Matches(USERNAME, { message: Messages.invalidUsername })
  username: string;

  @NormalizeEmail()
  @IsNotEmpty({ message: Messages.required })
  @IsString({ message: Messages.mustBeText('email') })
  @MaxLength(254, { message: Messages.tooLong('email', 254) })
  @IsEmail({}, { message: Messages.invalidEmail })
  email: string;

  @Trim()
  @IsNotEmpty({ message: Messages.required })
  @IsString({ message: Messages.mustBeText('phone') })
  @IsMoroccanPhone()
  phone: string;

  // Declared before `password` on purpose: a mismatch is reported before the length rule,
  // in the order the signup form states its rules.
  @IsNotEmpty({ message: Messages.required })
  @IsString({ message: Messages.mustBeText('confirmPassword') })
  @EqualsProperty('password', { message: Messages.passwordMismatch })
  confirmPassword: string;

  @IsNotEmpty({ message: Messages.required })
  @IsString({ message: Messages.mustBeText('password') })
  @MinLength(8, { message: Messages.passwordTooShort })
  @MaxLength(128, { message: Messages.passwordTooLong })
  password: string;

  @OptionalName('firstName')
  firstName?: string | null;

  @OptionalName('lastName')
  lastName?: string | null;
}

export class LoginDto {
  /** A username or an e-mail address. */
  @Trim()
  @IsNotEmpty({ message: Messages.loginRequired })
  @IsString({ message: Messages.mustBeText('username') })
  @MaxLength(254, { message: Messages.tooLong('username', 254) })
  username: string;

  @IsNotEmpty({ message: Messages.loginRequired })
  @IsString({ message: Messages.mustBeText('password') })
  @MaxLength(128, { message: Messages.passwordTooLong })
  password: string;
}

export class ForgotPasswordDto {
  @NormalizeEmail()
  @IsNotEmpty({ message: Messages.forgotEmailRequired })
  @IsString({ message: Messages.mustBeText('email') })
  @MaxLength(254, { message: Messages.tooLong('email', 254) })
  @IsEmail({}, { message: Messages.invalidEmail })
  email: string;
}

/** Every field optional; an empty first/last name or city clears it. */
export class UpdateProfileDto {
  @OptionalName('firstName')
  firstName?: string | null;

  @OptionalName('lastName')
  lastName?: string | null;

  @NormalizeEmail()
  @IsOptional()
  @IsString({ message: Messages.mustBeText('email') })
  @MaxLength(254, { message: Messages.tooLong('email', 254) })
  @IsEmail({}, { message: Messages.invalidEmail })
  email?: string;

  @Trim()
  @IsOptional()
  @IsString({ message: Messages.mustBeText('phone') })
  @IsMoroccanPhone()
  phone?: string;

  @Trim()
  @IsOptional()
  @IsString({ message: Messages.mustBeText('city') })
  @MaxLength(80, { message: Messages.tooLong('city', 80) })
  city?: string | null;
}

export class ContactDto {
  @Trim()
  @IsDefined({ message: Messages.contactName })
  @IsString({ message: Messages.mustBeText('name') })
  @MinLength(2, { message: Messages.contactName })
  @MaxLength(100, { message: Messages.tooLong('name', 100) })
  name: string;

  @NormalizeEmail()
  @IsDefined({ message: Messages.invalidEmail })
  @IsString({ message: Messages.mustBeText('email') })
  @MaxLength(254, { message: Messages.tooLong('email', 254) })
  @IsEmail({}, { message: Messages.invalidEmail })
  email: string;

  @Trim()
  @IsDefined({ message: Messages.contactSubject })
  @IsString({ message: Messages.mustBeText('subject') })
  @MinLength(5, { message: Messages.contactSubject })
  @MaxLength(200, { message: Messages.tooLong('subject', 200) })
  subject: string;

  @Trim()
  @IsDefined({ message: Messages.contactMessage })
  @IsString({ message: Messages.mustBeText('message') })
  @MinLength(10, { message: Messages.contactMessage })
  @MaxLength(5000, { message: Messages.tooLong('message', 5000) })
  message: string;
}
