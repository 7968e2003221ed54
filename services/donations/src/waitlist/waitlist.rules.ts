import { ErrorCodes, HoardingMessages, WaitlistMessages, WaitlistRules } from '@hdiya/contracts';
import type { LockedDonation } from '../core/donation-state.js';
import type { Refusal } from '../core/refusal.js';

// Who may join or leave a donation's waiting list, from which state (pure, like reservation.rules).

export interface LineFacts {
  /** the member's own open place, if any */
  mine: 'waiting' | 'offered' | null;
  /** members waiting now */
  waiting: number;
}

export function joinRefusal(d: LockedDonation, line: LineFacts, actorId: string): Refusal | null {
  if (d.owner_id === actorId) return { status: 403, code: ErrorCodes.DONATION_OWN, message: WaitlistMessages.own };
  if (d.status === 'completed') return { status: 409, code: ErrorCodes.WAITLIST_REFUSED, message: WaitlistMessages.given };
  if (d.status !== 'reserved') return { status: 409, code: ErrorCodes.WAITLIST_REFUSED, message: WaitlistMessages.available };
  if (d.reserved_by_id === actorId) return { status: 409, code: ErrorCodes.WAITLIST_REFUSED, message: WaitlistMessages.yours };
  if (line.mine === 'offered' || d.offered_to_id === actorId) {
    return { status: 409, code: ErrorCodes.WAITLIST_REFUSED, message: WaitlistMessages.offeredToYou };
  }
  if (line.mine === 'waiting') return { status: 409, code: ErrorCodes.WAITLIST_REFUSED, message: WaitlistMessages.already };
  if (line.waiting >= WaitlistRules.maxQueue) return { status: 409, code: ErrorCodes.WAITLIST_REFUSED, message: WaitlistMessages.full };
  return null;
}

export function leaveRefusal(d: LockedDonation, line: LineFacts, actorId: string): Refusal | null {
  if (!line.mine) return { status: 409, code: ErrorCodes.WAITLIST_REFUSED, message: WaitlistMessages.notInLine };
  // Accepting is under way (the hold is being taken): let it finish rather than race it.
  if (line.mine === 'offered' && d.offered_to_id === actorId && d.reservation_id !== null) {
    return { status: 409, code: ErrorCodes.RESERVATION_UNAVAILABLE, message: WaitlistMessages.acceptInFlight };
  }
  return null;
}

/** The owner passes an offer on: only their own item, only while an offer waits for its answer. */
export function skipOfferRefusal(d: LockedDonation, actorId: string): Refusal | null {
  if (d.owner_id !== actorId) return { status: 403, code: ErrorCodes.DONATION_NOT_OWNER, message: HoardingMessages.skipOnlyOwner };
  if (d.status !== 'reserved' || d.offered_to_id === null) return { status: 409, code: ErrorCodes.WAITLIST_NO_OFFER, message: HoardingMessages.noOffer };
  // Accepting is under way (the hold is being taken): let it finish rather than race it.
  if (d.reservation_id !== null) return { status: 409, code: ErrorCodes.RESERVATION_UNAVAILABLE, message: HoardingMessages.acceptInFlight };
  return null;
}
