import { z } from 'zod';

// One zod schema per event version: the payload's type is inferred from it and consumers check
// every event they receive against it (events/catalog.ts). Member ids only: no e-mail address or
// phone number ever goes on the shared stream (catalog.spec.ts fails on a field that would carry one).

/** Payload of `users.UserRegistered.v1`. */
export const UserRegisteredV1Schema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  city: z.string().nullable(),
  registeredAt: z.string(),
});
export type UserRegisteredV1 = z.output<typeof UserRegisteredV1Schema>;

/** Payload of `users.UserUpdated.v1`: the display fields other services copy. */
export const UserUpdatedV1Schema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  city: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type UserUpdatedV1 = z.output<typeof UserUpdatedV1Schema>;

/**
 * Payload of `users.EmailVerified.v1`: the member opened a verification link (or a password reset
 * mailed to the address), so their address is theirs. Only the fact, never the address: asking in
 * a request window needs it (issue 45).
 */
export const EmailVerifiedV1Schema = z.object({
  userId: z.string(),
  verifiedAt: z.string(),
});
export type EmailVerifiedV1 = z.output<typeof EmailVerifiedV1Schema>;

/**
 * Payload of `users.MemberSuspended.v1`: a moderator suspended (`until` a date) or banned
 * (`until: null`) a member. Every service lets go of what the member holds (decision 0057).
 */
export const MemberSuspendedV1Schema = z.object({
  memberId: z.string(),
  suspensionId: z.string(),
  until: z.string().nullable(),
  suspendedAt: z.string(),
});
export type MemberSuspendedV1 = z.output<typeof MemberSuspendedV1Schema>;

/** Payload of `users.MemberReinstated.v1`: a suspension ended (by a moderator, or its date passed). */
export const MemberReinstatedV1Schema = z.object({
  memberId: z.string(),
  suspensionId: z.string(),
  reinstatedAt: z.string(),
});
export type MemberReinstatedV1 = z.output<typeof MemberReinstatedV1Schema>;

/**
 * Payload of `users.MemberDeleted.v1`: the member deleted their account (issue 47, decision 0074).
 * The users service has already erased it; every service erases what it holds of them and, where
 * other members keep something (a message received, a gift, a rating), puts `tombstoneId` in place
 * of the member's id: one random id per deletion, linked to nobody, shown as "Membre supprimé".
 */
export const MemberDeletedV1Schema = z.object({
  memberId: z.string(),
  tombstoneId: z.string(),
  deletedAt: z.string(),
});
export type MemberDeletedV1 = z.output<typeof MemberDeletedV1Schema>;
