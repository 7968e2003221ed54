import { ErrorCodes, RatingMessages, RatingRules, type DonationStatus } from '@hdiya/contracts';
import type { Refusal } from '../core/refusal.js';

// Who may rate a gift, and until when (docs/product.md#ratings), as pure rules.

/** A donation as the rating rules see it. */
export interface GiftFacts {
  status: DonationStatus;
  ownerId: string;
  /** The member who reserved it (and, once it is completed, received it). */
  receiverId: string | null;
  /** When it was handed over (its reservation closed as completed); null before. */
  givenAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Null when the actor may rate the other party of this gift now, else why not. */
export function rateRefusal(gift: GiftFacts, actorId: string, now: Date): Refusal | null {
  if (actorId !== gift.ownerId && actorId !== gift.receiverId) return { status: 403, code: ErrorCodes.RATING_NOT_PARTY, message: RatingMessages.onlyParties };
  if (gift.status !== 'completed' || gift.givenAt === null || gift.receiverId === null) {
    return { status: 409, code: ErrorCodes.DONATION_NOT_GIVEN, message: RatingMessages.notGiven };
  }
  if (now.getTime() > gift.givenAt.getTime() + RatingRules.windowDays * DAY_MS) {
    return { status: 400, code: ErrorCodes.RATING_WINDOW_CLOSED, message: RatingMessages.windowClosed };
  }
  return null;
}

/** The member a party rates: the other one. */
export function ratedMemberOf(gift: GiftFacts, actorId: string): string {
  return actorId === gift.ownerId ? gift.receiverId! : gift.ownerId;
}
