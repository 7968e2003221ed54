import type { MailLanguage } from './mail.js';
import type { ReplyTimeView } from './messaging.js';
import type { MemberLevel, RatingCommentView, TrustRecordView } from './trust.js';

export type Role = 'member' | 'admin';

/** What the signed-in member sees of their own account (never the password hash). */
export interface AccountView {
  id: string;
  username: string;
  email: string;
  phone: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  city: string | null;
  role: Role;
  createdAt: string;
  /** Whether the member opened the verification link sent to this address (a changed address is unverified). */
  emailVerified: boolean;
  /**
   * A new address the member asked for, not theirs until they open the link mailed to it: sign-in,
   * resets and mails keep using `email` meanwhile. Null when no change waits.
   */
  pendingEmail: string | null;
  /** The language of the member's web app and mails. */
  language: MailLanguage;
}

/** The signed-in member as the header shows them: the account plus their points, from two services. */
export interface CurrentAccountView extends AccountView {
  /** Null when the points service cannot be reached. */
  points: number | null;
  blockedPoints: number | null;
  reliabilityScore: number | null;
  /** True until the points service has applied the welcome credit. */
  pointsPending: boolean;
}

/**
 * What anyone may see of a member: no e-mail, no phone, and the last name reduced to its
 * initial (docs/product.md#how-members-are-shown: members are shown by first name and last-name initial, else username).
 */
export interface PublicProfileView {
  id: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  city: string | null;
  createdAt: string;
}

/**
 * `GET /api/users/{id}`: the public profile with the member's usual reply time (messaging) and
 * their record (donations) and the level it earns (docs/product.md#public-record).
 */
export interface MemberProfileView extends PublicProfileView, TrustRecordView {
  replyTime: ReplyTimeView;
  /** When they joined (the same instant as `createdAt`). */
  memberSince: string;
  level: MemberLevel;
  /** Their newest rating comments (removed ones never), none under 3 ratings. */
  recentComments: RatingCommentView[];
}

export interface DisplayNameSource {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

export function lastNameInitial(lastName: string | null): string | null {
  const trimmed = lastName?.trim();
  return trimmed ? `${[...trimmed][0]!.toUpperCase()}.` : null;
}

/** "Amina B." when a first name is known, else the username. */
export function displayName(user: DisplayNameSource): string {
  const first = user.firstName?.trim();
  if (!first) return user.username;
  const initial = lastNameInitial(user.lastName);
  return initial ? `${first} ${initial}` : first;
}
