import type { Donation, ReservationState } from '@/lib/donations';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Which sentence tells the reserver how long is left (keys under donations.reservation.timeLeft, counted). */
export type TimeLeftKey = 'days' | 'hours' | 'lessThanHour' | 'expired';

export interface TimeLeft {
  key: TimeLeftKey;
  count: number;
}

/**
 * As a person reads a deadline: whole days, to the nearest, while two or more are left (just
 * after reserving, "10 jours", not 9 days 23 hours and 59 minutes read as "9"); then hours,
 * counted down, for the last two days; then "less than an hour". The exact deadline is shown
 * beside it.
 */
export function timeLeft(ms: number): TimeLeft {
  if (!Number.isFinite(ms) || ms <= 0) return { key: 'expired', count: 0 };
  if (ms >= 2 * DAY_MS) return { key: 'days', count: Math.round(ms / DAY_MS) };
  if (ms >= HOUR_MS) return { key: 'hours', count: Math.floor(ms / HOUR_MS) };
  return { key: 'lessThanHour', count: 0 };
}

/** Time left until a deadline (a donation's `autoExpireAt`); null when there is none. */
export function timeLeftUntil(deadline: string | null | undefined, now: Date = new Date()): TimeLeft | null {
  if (!deadline) return null;
  const at = new Date(deadline).getTime();
  if (Number.isNaN(at)) return null;
  return timeLeft(at - now.getTime());
}

/** The status line of the detail page (keys under donations.detail). */
export type DetailMessage = 'reservedByYou' | 'reservedByOther' | 'reservedOwner' | 'completed' | 'cancelled';

export interface DetailActions {
  /** who is looking: a visitor, a member, the donor, or the member holding the reservation */
  role: 'visitor' | 'member' | 'owner' | 'reserver';
  message: DetailMessage | null;
  /** "Réserver (2 points)": also shown to visitors, whom the click asks to sign in */
  reserve: boolean;
  /** "Confirmer la réception": the reserver only */
  confirm: boolean;
  /** "Annuler la réservation": the reserver or the donor, while reserved */
  cancel: boolean;
  /** "Modifier": the donor, while available only (docs/product.md#reservations); "Supprimer" also while offered from the line (decision 0020) */
  edit: boolean;
  delete: boolean;
  favorite: boolean;
  report: boolean;
}

/** What the detail page shows to whom (docs/product.md#donation-detail, #members-and-roles, #reservations). */
export function detailActions(
  donation: Pick<Donation, 'status' | 'userId' | 'reservedById'>,
  userId: string | null | undefined,
): DetailActions {
  const signedIn = Boolean(userId);
  const owner = signedIn && donation.userId === userId;
  const reserved = donation.status === 'reserved';
  const reserver = signedIn && !owner && reserved && donation.reservedById === userId;

  let message: DetailMessage | null = null;
  if (reserved) message = reserver ? 'reservedByYou' : owner ? 'reservedOwner' : 'reservedByOther';
  else if (donation.status === 'completed') message = 'completed';
  else if (donation.status === 'cancelled') message = 'cancelled';

  return {
    role: owner ? 'owner' : reserver ? 'reserver' : signedIn ? 'member' : 'visitor',
    message,
    reserve: !owner && donation.status === 'available',
    confirm: reserver,
    // An item offered to the next in line (reserved, nobody holding it yet) has nothing to cancel.
    cancel: reserver || (owner && reserved && donation.reservedById !== null),
    edit: owner && donation.status === 'available',
    // An item offered to the next in line (reserved, nobody holding it) may be withdrawn: the offer ends.
    delete: owner && (donation.status === 'available' || (reserved && donation.reservedById === null)),
    favorite: !owner,
    report: signedIn && !owner,
  };
}

/** Badge tone of a reservation in "Mes réservations". */
export function reservationTone(state: ReservationState): 'active' | 'done' | 'ended' {
  if (state === 'active' || state === 'pending') return 'active';
  if (state === 'completed') return 'done';
  return 'ended';
}
