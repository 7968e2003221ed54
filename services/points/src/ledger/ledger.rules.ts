import { DonationRules, INITIAL_RELIABILITY, PointsRules, WELCOME_POINTS } from '@hdiya/contracts';

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
  | 'transfer_in'
  | 'reward_withheld'
  | 'reception_disputed'
  /** A deleted account's balance leaving the system (decision 0074). */
  | 'account_deleted';

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

/**
 * Publishing a donation earns a fixed 5 points, whatever a client claimed, paid once it is given
 * (less when the donor's daily cap on gift rewards leaves less room, decision 0019).
 */
export function publishReward(ownerId: string, donationId: number, title: string, amount: number = DonationRules.publishReward): LedgerEntryDraft {
  return {
    userId: ownerId,
    type: 'earned',
    amount,
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

/** A cancelled reservation gives its hold back as an `other` entry (docs/product.md#points). */
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

/**
 * The donor disputed a reception the receiver confirmed alone (decision 0056): the reception
 * reward goes back, never below a balance of 0. Null when there is nothing to take.
 */
export function disputedReward(ownerId: string, ref: ReservationRef, paid: number, available: number): LedgerEntryDraft | null {
  const amount = Math.min(paid, Math.max(0, available));
  if (amount === 0) return null;
  return {
    userId: ownerId,
    type: 'spent',
    amount: -amount,
    reason: 'reception_disputed',
    description: `Remise contestée : ${ref.title}`,
    donationId: ref.donationId,
    donationTitle: ref.title,
    reference: ref.reservationId,
  };
}

/** The receiver of a disputed reception gets back the 2 points it captured. */
export function disputedHoldRefund(reserverId: string, amount: number, ref: ReservationRef): LedgerEntryDraft {
  return { ...reservationRefund(reserverId, amount, ref), description: `Réservation rendue (remise contestée) : ${ref.title}` };
}

/** The donor's +5 when the reserver confirms reception (less under the daily cap, decision 0019). */
export function receptionReward(ownerId: string, reserverId: string, ref: ReservationRef, amount: number = DonationRules.receptionReward): LedgerEntryDraft {
  return {
    userId: ownerId,
    type: 'earned',
    amount,
    reason: 'reception_reward',
    description: `Don remis : ${ref.title}`,
    relatedUserId: reserverId,
    donationId: ref.donationId,
    donationTitle: ref.title,
    reference: ref.reservationId,
  };
}

// Points economy against pairs of accounts (docs/decisions/0019-points-economy-against-pairs.md).

export type WithheldBy = 'daily_cap' | 'pair_limit';

export interface GiftRewardRules {
  /** Gift reward points a donor may earn per rolling 24 hours. */
  dailyCap: number;
  /** Earlier gifts between the same two members within the window that still earn rewards. */
  pairLimit: number;
}

export interface GiftRewardSituation {
  /** Whether the donation's publishing reward is still to pay (not paid under the old rule). */
  publishDue: boolean;
  /** Gift reward points the donor earned in the last 24 hours. */
  earnedToday: number;
  /** Earlier gifts between the donor and the reserver (either way) in the window. */
  pairGifts: number;
}

export interface GiftRewardSplit {
  publish: number;
  reception: number;
  withheld: number;
  withheldBy: WithheldBy | null;
}

/**
 * What a confirmed gift pays its donor: the publishing and giving rewards, nothing once the pair
 * already had `pairLimit` gifts in the window, and never beyond the daily cap (what exceeds it is
 * withheld, not deferred: a deferred reward would still be minted, only later).
 */
export function giftRewardSplit(rules: GiftRewardRules, situation: GiftRewardSituation): GiftRewardSplit {
  const publishPart = situation.publishDue ? DonationRules.publishReward : 0;
  const full = publishPart + DonationRules.receptionReward;
  if (situation.pairGifts >= rules.pairLimit) return { publish: 0, reception: 0, withheld: full, withheldBy: 'pair_limit' };
  const paid = Math.min(full, Math.max(0, rules.dailyCap - situation.earnedToday));
  const publish = Math.min(publishPart, paid);
  return { publish, reception: paid - publish, withheld: full - paid, withheldBy: paid < full ? 'daily_cap' : null };
}

const WITHHELD_BECAUSE: Record<WithheldBy, string> = {
  daily_cap: 'limite quotidienne des récompenses de dons atteinte',
  pair_limit: `plus de ${PointsRules.giftPairLimit} dons entre vous en ${PointsRules.giftPairWindowDays} jours`,
};

/** A 0-point entry that tells the donor why a gift's reward was not paid (the only 0 entry allowed). */
export function rewardWithheld(ownerId: string, reserverId: string, ref: ReservationRef, by: WithheldBy): LedgerEntryDraft {
  return {
    userId: ownerId,
    type: 'other',
    amount: 0,
    reason: 'reward_withheld',
    description: `Récompense non versée (${WITHHELD_BECAUSE[by]}) : ${ref.title}`,
    relatedUserId: reserverId,
    donationId: ref.donationId,
    donationTitle: ref.title,
    reference: ref.reservationId,
  };
}

/**
 * How much of `points` a transfer may send now: the welcome points stay until the member has given
 * or received an item once, so fresh accounts cannot pass them on to one account.
 */
export function transferableNow(available: number, hasGifted: boolean): number {
  return Math.max(0, available - (hasGifted ? 0 : WELCOME_POINTS));
}

/**
 * When a member who sent `recent` (oldest first, within 24 hours) may send `points` more under the
 * daily cap: null if now, else the moment enough of the oldest transfers leave the window.
 */
export function transferCapFreesAt(recent: { points: number; at: Date }[], points: number, cap: number): Date | null {
  let sent = recent.reduce((sum, t) => sum + t.points, 0);
  if (sent + points <= cap) return null;
  for (const transfer of recent) {
    sent -= transfer.points;
    if (sent + points <= cap) return new Date(transfer.at.getTime() + DAY_MS);
  }
  // More than the cap in one transfer: the cap itself says how much may go at once.
  const last = recent[recent.length - 1];
  return new Date((last ? last.at.getTime() : Date.now()) + DAY_MS);
}

const DAY_MS = 24 * 60 * 60 * 1000;

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
