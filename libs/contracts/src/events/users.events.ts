/** Payload of `users.UserRegistered.v1`. */
export interface UserRegisteredV1 {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  registeredAt: string;
}

/** Payload of `users.UserUpdated.v1`: the display fields other services copy. */
export interface UserUpdatedV1 {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  profileImageUrl: string | null;
}

/**
 * Payload of `users.PasswordResetRequested.v1`. No longer emitted: it carried the raw
 * token into the outbox and the stream, where anyone reading them could reset the password.
 */
export interface PasswordResetRequestedV1 {
  userId: string;
  email: string;
  resetToken: string;
  expiresAt: string;
}

/**
 * Payload of `users.PasswordResetRequested.v2`. Emitted only for an existing account,
 * with the token's SHA-256 only: the raw token never leaves the users service's memory (see
 * docs/decisions/0010-login-limits-and-sessions.md). The HTTP answer never says which.
 */
export interface PasswordResetRequestedV2 {
  requestId: string;
  userId: string;
  email: string;
  tokenHash: string;
  expiresAt: string;
}

/** Payload of `users.ContactMessageReceived.v1`, for the support inbox. */
export interface ContactMessageReceivedV1 {
  contactMessageId: string;
  name: string;
  email: string;
  subject: string;
}
