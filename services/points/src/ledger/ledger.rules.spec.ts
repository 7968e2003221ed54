import {
  applyEntry,
  disputedHoldRefund,
  disputedReward,
  giftRewardSplit,
  transferableNow,
  transferCapFreesAt,
  InsufficientPointsError,
  OPENING_BALANCE,
  publishReward,
  receptionReward,
  reliabilityAfterExpiry,
  reservationHold,
  reservationRefund,
  transferEntries,
  welcomeCredit,
  withdrawalReversal,
} from './ledger.rules.js';

const ref = { reservationId: 'r-1', donationId: 7, title: 'Chaise' };

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

  it('should take a disputed reception’s reward back, never below 0, and give the receiver their hold (decision 0056)', () => {
    expect(disputedReward('u1', ref, 5, 12)).toMatchObject({ type: 'spent', amount: -5, reason: 'reception_disputed', reference: 'r-1', description: 'Remise contestée : Chaise' });
    expect(disputedReward('u1', ref, 5, 2)?.amount).toBe(-2);
    expect(disputedReward('u1', ref, 5, 0)).toBeNull();
    expect(disputedHoldRefund('u2', 2, ref)).toMatchObject({ type: 'other', amount: 2, reason: 'reservation_refund', reference: 'r-1', description: 'Réservation rendue (remise contestée) : Chaise' });
  });

  it('should make reserving a spent −2 entry tied to its reservation', () => {
    expect(reservationHold('u1', ref, 'owner')).toMatchObject({ type: 'spent', amount: -2, reference: 'r-1', relatedUserId: 'owner', donationTitle: 'Chaise' });
  });

  it('should refund a cancelled reservation as an other +2 entry', () => {
    expect(reservationRefund('u1', 2, ref)).toMatchObject({ type: 'other', amount: 2, reason: 'reservation_refund', reference: 'r-1' });
  });

  it('should pay the donor +5 on reception, naming the reserver', () => {
    expect(receptionReward('owner', 'u1', ref)).toMatchObject({ userId: 'owner', type: 'earned', amount: 5, relatedUserId: 'u1' });
  });

  it('should write both sides of a transfer, each naming the other', () => {
    const [out, into] = transferEntries('t-1', 'a', 'b', 3, 'Merci');
    expect(out).toMatchObject({ userId: 'a', type: 'transferred', amount: -3, relatedUserId: 'b', reference: 't-1' });
    expect(into).toMatchObject({ userId: 'b', type: 'received', amount: 3, relatedUserId: 'a', reference: 't-1' });
    expect(out.amount + into.amount).toBe(0);
  });

  it('should lower reliability by 10 on expiry, never below 0', () => {
    expect(reliabilityAfterExpiry(100)).toBe(90);
    expect(reliabilityAfterExpiry(5)).toBe(0);
  });
});

describe('gift and transfer rules (decision 0019)', () => {
  const rules = { dailyCap: 30, pairLimit: 3 };

  it('should pay both rewards while the pair and the day leave room', () => {
    expect(giftRewardSplit(rules, { publishDue: true, earnedToday: 20, pairGifts: 2 })).toEqual({ publish: 5, reception: 5, withheld: 0, withheldBy: null });
  });

  it('should pay nothing for the fourth gift of a pair within the window', () => {
    expect(giftRewardSplit(rules, { publishDue: true, earnedToday: 0, pairGifts: 3 })).toEqual({ publish: 0, reception: 0, withheld: 10, withheldBy: 'pair_limit' });
  });

  it('should pay only what the daily cap leaves, the publishing reward first', () => {
    expect(giftRewardSplit(rules, { publishDue: true, earnedToday: 25, pairGifts: 0 })).toEqual({ publish: 5, reception: 0, withheld: 5, withheldBy: 'daily_cap' });
    expect(giftRewardSplit(rules, { publishDue: true, earnedToday: 30, pairGifts: 0 })).toEqual({ publish: 0, reception: 0, withheld: 10, withheldBy: 'daily_cap' });
    expect(giftRewardSplit(rules, { publishDue: false, earnedToday: 28, pairGifts: 0 })).toEqual({ publish: 0, reception: 2, withheld: 3, withheldBy: 'daily_cap' });
  });

  it('should keep the welcome points until the member has given or received', () => {
    expect(transferableNow(14, false)).toBe(4);
    expect(transferableNow(8, false)).toBe(0);
    expect(transferableNow(14, true)).toBe(14);
  });

  it('should say when the daily transfer cap frees enough room', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    const recent = [{ points: 10, at: at(1) }, { points: 15, at: at(2) }];
    expect(transferCapFreesAt(recent, 5, 30)).toBeNull();
    expect(transferCapFreesAt(recent, 10, 30)).toEqual(new Date(Date.UTC(2026, 0, 2, 1)));
    expect(transferCapFreesAt(recent, 20, 30)).toEqual(new Date(Date.UTC(2026, 0, 2, 2)));
  });
});
