import { disputableUntil, DonationRules, ErrorCodes, HandoverMessages, HandoverRules, RequestMessages, WaitlistMessages, type DonationStatus, type ReservationState } from '@hdiya/contracts';
import type { Refusal } from '../core/refusal.js';

// The donation lifecycle of docs/product.md#reservations as pure rules: who may do what, from which state.

export const ReservationMessages = {
  own: 'Vous ne pouvez pas réserver votre propre don.',
  alreadyReserved: "Cet objet est déjà réservé par quelqu'un d'autre",
  given: 'Ce don a déjà été donné.',
  notReserved: "Ce don n'est pas réservé.",
  alreadyConfirmed: 'La réception de ce don est déjà confirmée.',
  onlyReserver: 'Seul le membre qui a réservé cet objet peut confirmer sa réception.',
  onlyParties: 'Seuls le donateur et le membre qui a réservé peuvent annuler cette réservation.',
  inFlight: 'Cette réservation est en cours de traitement. Réessayez dans un instant.',
  unavailable: "La réservation n'a pas pu aboutir. Réessayez dans un instant.",
  signInToReserve: 'Veuillez vous connecter pour réserver cet objet',
} as const;


export interface ReservationFacts {
  status: DonationStatus;
  ownerId: string;
  reserverId: string | null;
  reservationState: ReservationState | null;
  /** The member in line the item is offered to (status reserved, no reservation yet), and until when. */
  offeredToId: string | null;
  offerExpiresAt: Date | null;
  /** The donor chooses among requests and has not yet (docs/product.md#request-window). */
  awaitingChoice?: boolean;
}

/** True when the item waits for this member's answer to an offer from the waiting list. */
export function isOfferedTo(d: ReservationFacts, actorId: string): boolean {
  return d.status === 'reserved' && d.reservationState === null && d.offeredToId === actorId;
}

/** Null when the actor may reserve (or accept the item offered to them), else why not. */
export function reserveRefusal(d: ReservationFacts, actorId: string, now: Date): Refusal | null {
  if (d.ownerId === actorId) return { status: 403, code: ErrorCodes.DONATION_OWN, message: ReservationMessages.own };
  if (d.status === 'completed') return { status: 409, code: ErrorCodes.DONATION_ALREADY_RESERVED, message: ReservationMessages.given };
  if (isOfferedTo(d, actorId)) {
    if (d.offerExpiresAt && d.offerExpiresAt <= now) return { status: 409, code: ErrorCodes.WAITLIST_OFFER_EXPIRED, message: WaitlistMessages.offerExpired };
    return null;
  }
  if (d.status !== 'available') return { status: 409, code: ErrorCodes.DONATION_ALREADY_RESERVED, message: ReservationMessages.alreadyReserved };
  if (d.awaitingChoice) return { status: 409, code: ErrorCodes.RESERVE_BY_REQUEST, message: RequestMessages.askFirst };
  return null;
}

export function confirmRefusal(d: ReservationFacts, actorId: string): Refusal | null {
  if (d.status === 'completed') return { status: 409, code: ErrorCodes.DONATION_NOT_RESERVED, message: ReservationMessages.alreadyConfirmed };
  if (d.status !== 'reserved') return { status: 409, code: ErrorCodes.DONATION_NOT_RESERVED, message: ReservationMessages.notReserved };
  if (d.reserverId !== actorId) return { status: 403, code: ErrorCodes.RESERVATION_NOT_YOURS, message: ReservationMessages.onlyReserver };
  if (d.reservationState !== 'active') return { status: 409, code: ErrorCodes.RESERVATION_UNAVAILABLE, message: ReservationMessages.inFlight };
  return null;
}

export function cancelRefusal(d: ReservationFacts, actorId: string): Refusal | null {
  // An item offered to the next in line has no reservation to cancel yet.
  if (d.status !== 'reserved' || d.reserverId === null) return { status: 409, code: ErrorCodes.DONATION_NOT_RESERVED, message: ReservationMessages.notReserved };
  if (d.reserverId !== actorId && d.ownerId !== actorId) {
    return { status: 403, code: ErrorCodes.RESERVATION_NOT_YOURS, message: ReservationMessages.onlyParties };
  }
  if (d.reservationState !== 'active') return { status: 409, code: ErrorCodes.RESERVATION_UNAVAILABLE, message: ReservationMessages.inFlight };
  return null;
}

/** Who sees the handover: the reserver (the code) and the owner (the tries left). */
export function handoverRefusal(d: ReservationFacts, actorId: string): Refusal | null {
  if (d.status !== 'reserved' || d.reservationState !== 'active') return { status: 409, code: ErrorCodes.DONATION_NOT_RESERVED, message: HandoverMessages.notReserved };
  if (d.ownerId !== actorId && d.reserverId !== actorId) return { status: 403, code: ErrorCodes.RESERVATION_NOT_YOURS, message: HandoverMessages.onlyParties };
  return null;
}

/** The owner enters the code: only while the reservation is active and tries are left. */
export function handoverCodeRefusal(d: ReservationFacts, actorId: string, attempts: number): Refusal | null {
  if (d.ownerId !== actorId) return { status: 403, code: ErrorCodes.RESERVATION_NOT_YOURS, message: HandoverMessages.onlyOwner };
  const refused = handoverRefusal(d, actorId);
  if (refused) return refused;
  if (attempts >= HandoverRules.maxAttempts) return { status: 429, code: ErrorCodes.HANDOVER_LOCKED, message: HandoverMessages.locked };
  return null;
}

/** A gift as the dispute rule sees it: its state, and how and when its reception was confirmed. */
export interface ReceptionFacts {
  status: DonationStatus;
  ownerId: string;
  /** Confirmed by the owner typing the handover code: both were there. */
  withCode: boolean;
  /** When the reception was confirmed; null before. */
  confirmedAt: Date | null;
}

/**
 * The donor may say a reception the receiver confirmed alone never happened, within 48 hours
 * (decision 0056); one confirmed with the code is beyond dispute.
 */
export function disputeRefusal(gift: ReceptionFacts, actorId: string, now: Date): Refusal | null {
  if (gift.ownerId !== actorId) return { status: 403, code: ErrorCodes.RESERVATION_NOT_YOURS, message: HandoverMessages.disputeOnlyOwner };
  const refused = (message: string): Refusal => ({ status: 409, code: ErrorCodes.RECEPTION_NOT_DISPUTABLE, message });
  if (gift.status !== 'completed' || gift.confirmedAt === null) return refused(HandoverMessages.disputeNotGiven);
  if (gift.withCode) return refused(HandoverMessages.disputeWithCode);
  if (now.getTime() > disputableUntil(gift.confirmedAt).getTime()) return refused(HandoverMessages.disputeTooLate);
  return null;
}

/** Ten days to collect from the moment of reserving. */
export function expiryOf(reservedAt: Date): Date {
  return new Date(reservedAt.getTime() + DonationRules.collectionDays * 24 * 60 * 60 * 1000);
}

/** What is left of the collection window, never negative. */
export function timeLeftMs(expiresAt: Date, now: Date): number {
  return Math.max(0, expiresAt.getTime() - now.getTime());
}
