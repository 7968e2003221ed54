import { QueryFailedError } from 'typeorm';
import { ErrorCodes, type ErrorCode } from '@hdiya/contracts';

const UNIQUE_VIOLATION = '23505';

export const TakenMessages = {
  USERNAME_TAKEN: "Ce nom d'utilisateur est déjà pris.",
  EMAIL_TAKEN: 'Cette adresse email est déjà utilisée.',
  PHONE_TAKEN: 'Ce numéro de téléphone est déjà utilisé.',
} as const;

const BY_CONSTRAINT: Record<string, { code: keyof typeof TakenMessages; field: string }> = {
  users_username_key: { code: ErrorCodes.USERNAME_TAKEN, field: 'username' },
  users_email_key: { code: ErrorCodes.EMAIL_TAKEN, field: 'email' },
  users_phone_key: { code: ErrorCodes.PHONE_TAKEN, field: 'phone' },
};

/** Maps a unique-index violation (two signups racing for one e-mail) to its 409 refusal. */
export function takenFieldOf(error: unknown): { code: ErrorCode & keyof typeof TakenMessages; field: string } | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  if (driverError.code !== UNIQUE_VIOLATION || !driverError.constraint) return null;
  return BY_CONSTRAINT[driverError.constraint] ?? null;
}
