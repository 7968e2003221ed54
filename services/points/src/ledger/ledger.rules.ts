import { DonationRules, INITIAL_RELIABILITY, WELCOME_POINTS } from '@hdiya/contracts';

export type LedgerEntryType = 'earned' | 'spent' | 'received' | 'transferred' | 'other';

/** Why an entry exists, for machines (the description is for people). */
export type LedgerReason =
  | 'welcome'
  | 'donation_published'
  | 'donation_withdrawn'
  | 'reservation_hold'
  | 'reservation_refund'
  | 'reception_reward'
  | 'transfer_out'
  | 'transfer_in';

export interface LedgerEntryDraft {
  userId: string;
  type: LedgerEntryType;
  amount: number;
  reason: LedgerReason;
  description: string;
  relatedUserId?: string | null;
  donationId?: number | null;
  donationTitle?: string | null;
  /** The reservation or transfer the entry belongs to (one entry per reference and reason). */
  reference?: string | null;
}

export interface BalanceState {
  points: number;
  blockedPoints: number;
  reliabilityScore: number;
}

export class InsufficientPointsError extends Error {
  constructor(readonly available: number, readonly needed: number) {
    super(`insufficient points: ${available} available, ${needed} needed`);
  }
}

export const OPENING_BALANCE: BalanceState = { points: 0, blockedPoints: 0, reliabilityScore: INITIAL_RELIABILITY };

/** The first entry of every account: the starting balance is a ledger entry, not a default. */
export function welcomeCredit(userId: string): LedgerEntryDraft {
  return { userId, type: 'earned', amount: WELCOME_POINTS, reason: 'welcome', description: 'Bonus de bienvenue' };
}

/** Publishing a donation earns a fixed 5 points, whatever a client claimed, paid once it is given. */
export function publishReward(ownerId: string, donationId: number, title: string): LedgerEntryDraft {
  return {
    userId: ownerId,
    type: 'earned',
    amount: DonationRules.publishReward,
    reason: 'donation_published',
    description: `Don publié : ${title}`,
    donationId,
    donationTitle: title,
  };
}

/**
 * Withdrawing a donation that was never given takes its reward back, but never below a balance
 * of 0 (the points may have been spent since). Null when there is nothing left to take.
 */
export function withdrawalReversal(ownerId: string, donationId: number, title: string, available: number): LedgerEntryDraft | null {
  const amount = Math.min(DonationRules.publishReward, Math.max(0, available));
  if (amount === 0) return null;
  return {
    userId: ownerId,
    type: 'spent',
    amount: -amount,
    reason: 'donation_withdrawn',
    description: `Don retiré : ${title}`,
    donationId,
    donationTitle: title,
  };
}

export interface ReservationRef {
  reservationId: string;
  donationId: number;
  title: string;
}

/** Reserving costs 2 points: a `spent` entry, the points then sit in a hold (blocked). */
export function reservationHold(reserverId: string, ref: ReservationRef, ownerId: string | null = null): LedgerEntryDraft {
  return {
    userId: reserverId,
    type: 'spent',
    amount: -DonationRules.reservationCost,
    reason: 'reservation_hold',
    description: `Réservation : ${ref.title}`,
    relatedUserId: ownerId,
    donationId: ref.donationId,
    donationTitle: ref.title,
    reference: ref.reservationId,
  };
}

/** A cancelled reservation gives its hold back as an `other` entry (design §4). */
export function reservationRefund(reserverId: string, amount: number, ref: ReservationRef): LedgerEntryDraft {
  return {
    userId: reserverId,
    type: 'other',
    amount,
    reason: 'reservation_refund',
    description: `Réservation annulée : ${ref.title}`,
    donationId: ref.donationId,
    donationTitle: ref.title,
    reference: ref.reservationId,
  };
}

/** The donor's +5 when the reserver confirms reception. */
export function receptionReward(ownerId: string, reserverId: string, ref: ReservationRef): LedgerEntryDraft {
  return {
    userId: ownerId,
    type: 'earned',
    amount: DonationRules.receptionReward,
    reason: 'reception_reward',
    description: `Don remis : ${ref.title}`,
    relatedUserId: reserverId,
    donationId: ref.donationId,
    donationTitle: ref.title,
    reference: ref.reservationId,
  };
}

/** The two sides of a transfer. */
export function transferEntries(transferId: string, senderId: string, receiverId: string, points: number, message: string | null) {
  const note = message ? ` : ${message}` : '';
  const out: LedgerEntryDraft = {
    userId: senderId,
    type: 'transferred',
    amount: -points,
    reason: 'transfer_out',
    description: `Points envoyés${note}`,
    relatedUserId: receiverId,
    reference: transferId,
  };
  const into: LedgerEntryDraft = {
    userId: receiverId,
    type: 'received',
    amount: points,
    reason: 'transfer_in',
    description: `Points reçus${note}`,
    relatedUserId: senderId,
    reference: transferId,
  };
  return [out, into] as const;
}

/** Letting a reservation expire costs 10 reliability points, down to 0. */
export function reliabilityAfterExpiry(score: number): number {
  return Math.max(0, score - DonationRules.expiryReliabilityPenalty);
}

/** The balance after an entry; a debit beyond the available points is refused, never clamped. */
export function applyEntry(balance: BalanceState, entry: Pick<LedgerEntryDraft, 'amount'>): BalanceState {
  if (!Number.isInteger(entry.amount)) throw new RangeError('ledger amounts are whole points');
  const points = balance.points + entry.amount;
  if (points < 0) throw new InsufficientPointsError(balance.points, -entry.amount);
  return { ...balance, points };
}
