import type { ReservationState } from '@/lib/donations';

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

/** Badge tone of a reservation in "Mes réservations". */
export function reservationTone(state: ReservationState): 'active' | 'done' | 'ended' {
  if (state === 'active' || state === 'pending') return 'active';
  if (state === 'completed') return 'done';
  return 'ended';
}
