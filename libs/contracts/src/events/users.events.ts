/** Payload of `events.users.UserRegistered` (v1). */
export interface UserRegisteredV1 {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  registeredAt: string;
}

/** Payload of `events.users.UserUpdated` (v1): the display fields other services copy. */
export interface UserUpdatedV1 {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  profileImageUrl: string | null;
}

/**
 * Payload of `events.users.PasswordResetRequested` (v1). Emitted only for an existing account;
 * the mailer that consumes it sends `resetToken` in a link. The HTTP answer never says which.
 */
export interface PasswordResetRequestedV1 {
  userId: string;
  email: string;
  resetToken: string;
  expiresAt: string;
}

/** Payload of `events.users.ContactMessageReceived` (v1), for the support inbox. */
export interface ContactMessageReceivedV1 {
  contactMessageId: string;
  name: string;
  email: string;
  subject: string;
}
