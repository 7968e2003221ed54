import { DonationRules, INITIAL_RELIABILITY, WELCOME_POINTS } from '@hdiya/contracts';

export type LedgerEntryType = 'earned' | 'spent' | 'received' | 'transferred' | 'other';

/** Why an entry exists, for machines (the description is for people). */
export type LedgerReason = 'welcome' | 'donation_published' | 'donation_withdrawn';

export interface LedgerEntryDraft {
  userId: string;
  type: LedgerEntryType;
  amount: number;
  reason: LedgerReason;
  description: string;
  relatedUserId?: string | null;
  donationId?: number | null;
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

/** Publishing a donation earns a fixed 5 points, whatever a client claimed. */
export function publishReward(ownerId: string, donationId: number, title: string): LedgerEntryDraft {
  return {
    userId: ownerId,
    type: 'earned',
    amount: DonationRules.publishReward,
    reason: 'donation_published',
    description: `Don publié : ${title}`,
    donationId,
  };
}

/**
 * Withdrawing a donation that was never given takes its reward back, but never below a balance
 * of 0 (the points may have been spent since). Null when there is nothing left to take.
 */
export function withdrawalReversal(ownerId: string, donationId: number, title: string, available: number): LedgerEntryDraft | null {
  const amount = Math.min(DonationRules.publishReward, Math.max(0, available));
  if (amount === 0) return null;
  return { userId: ownerId, type: 'spent', amount: -amount, reason: 'donation_withdrawn', description: `Don retiré : ${title}`, donationId };
}

/** The balance after an entry; a debit beyond the available points is refused, never clamped. */
export function applyEntry(balance: BalanceState, entry: Pick<LedgerEntryDraft, 'amount'>): BalanceState {
  if (!Number.isInteger(entry.amount)) throw new RangeError('ledger amounts are whole points');
  const points = balance.points + entry.amount;
  if (points < 0) throw new InsufficientPointsError(balance.points, -entry.amount);
  return { ...balance, points };
}
