import { ErrorCodes, Messages, RatingMessages, type Actor } from '@hdiya/contracts';
import type { Refusal } from '../core/refusal.js';

// Who may report a rating's comment and who may decide on it (docs/product.md#rating-comments), as pure rules.

/** A rating as the moderation rules see it; null when there is no such rating. */
export interface RatedComment {
  raterId: string;
  /** Null once removed by a moderator, or when the rating never had one. */
  comment: string | null;
}

const notFound: Refusal = { status: 404, code: ErrorCodes.RATING_NOT_FOUND, message: RatingMessages.notFound };
const noComment: Refusal = { status: 409, code: ErrorCodes.RATING_NO_COMMENT, message: RatingMessages.noComment };

/** Null when the actor may report this comment: anyone who can see it but its author. */
export function reportRefusal(rating: RatedComment | null, actorId: string): Refusal | null {
  if (!rating) return notFound;
  if (rating.comment === null) return noComment;
  if (rating.raterId === actorId) return { status: 403, code: ErrorCodes.RATING_OWN, message: RatingMessages.reportOwn };
  return null;
}

/** Null when the actor may decide on this comment now: a moderator, on a rating that exists. */
export function moderationRefusal(actor: Actor, rating: RatedComment | null, removing: boolean): Refusal | null {
  if (actor.role !== 'admin') return { status: 403, code: ErrorCodes.ADMIN_ONLY, message: Messages.adminOnly };
  if (!rating) return notFound;
  // Removing twice would record a second moderator over the first: the comment is already gone.
  if (removing && rating.comment === null) return noComment;
  return null;
}
