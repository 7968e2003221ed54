import {
  applyEntry,
  InsufficientPointsError,
  OPENING_BALANCE,
  publishReward,
  welcomeCredit,
  withdrawalReversal,
} from './ledger.rules.js';

describe('ledger rules', () => {
  it('should open every account with a 10-point earned entry', () => {
    const entry = welcomeCredit('u1');
    expect(entry).toMatchObject({ userId: 'u1', type: 'earned', amount: 10, reason: 'welcome' });
    expect(applyEntry(OPENING_BALANCE, entry)).toEqual({ points: 10, blockedPoints: 0, reliabilityScore: 100 });
  });

  it('should refuse a debit larger than the available points', () => {
    expect(() => applyEntry({ ...OPENING_BALANCE, points: 1 }, { amount: -2 })).toThrow(InsufficientPointsError);
  });

  it('should allow spending down to exactly zero', () => {
    expect(applyEntry({ ...OPENING_BALANCE, points: 2 }, { amount: -2 }).points).toBe(0);
  });

  it('should refuse fractional points', () => {
    expect(() => applyEntry(OPENING_BALANCE, { amount: 0.5 })).toThrow(RangeError);
  });

  it('should reward a published donation with exactly 5 points', () => {
    expect(publishReward('u1', 7, 'Chaise')).toMatchObject({ type: 'earned', amount: 5, donationId: 7, reason: 'donation_published' });
  });

  it('should take the reward back when a donation is withdrawn, never below 0', () => {
    expect(withdrawalReversal('u1', 7, 'Chaise', 12)?.amount).toBe(-5);
    expect(withdrawalReversal('u1', 7, 'Chaise', 3)?.amount).toBe(-3);
    expect(withdrawalReversal('u1', 7, 'Chaise', 0)).toBeNull();
  });
});
