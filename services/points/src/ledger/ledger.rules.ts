import { INITIAL_RELIABILITY, WELCOME_POINTS } from '@hdiya/contracts';

export type LedgerEntryType = 'earned' | 'spent' | 'received' | 'transferred' | 'other';

/** Why an entry exists, for machines (the description is for people). */
export type LedgerReason = 'welcome';

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

/** The balance after an entry; a debit beyond the available points is refused, never clamped. */
export function applyEntry(balance: BalanceState, entry: Pick<LedgerEntryDraft, 'amount'>): BalanceState {
  if (!Number.isInteger(entry.amount)) throw new RangeError('ledger amounts are whole points');
  const points = balance.points + entry.amount;
  if (points < 0) throw new InsufficientPointsError(balance.points, -entry.amount);
  return { ...balance, points };
}
