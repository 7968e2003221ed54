import { randomUUID } from 'node:crypto';
import { ratedMemberOf, rateRefusal, type GiftFacts } from './rating.rules.js';

const owner = randomUUID();
const receiver = randomUUID();
const stranger = randomUUID();
const givenAt = new Date('2026-11-10T12:00:00Z');
const given: GiftFacts = { status: 'completed', ownerId: owner, receiverId: receiver, givenAt };
const daysAfter = (days: number) => new Date(givenAt.getTime() + days * 86_400_000);

describe('rating rules', () => {
  it('should let donor and receiver rate a given donation, each the other', () => {
    expect(rateRefusal(given, owner, daysAfter(1))).toBeNull();
    expect(rateRefusal(given, receiver, daysAfter(1))).toBeNull();
    expect(ratedMemberOf(given, owner)).toBe(receiver);
    expect(ratedMemberOf(given, receiver)).toBe(owner);
  });

  it('should refuse anyone else with 403, whatever the donation’s state', () => {
    expect(rateRefusal(given, stranger, daysAfter(1))).toMatchObject({ status: 403, code: 'RATING_NOT_PARTY' });
    expect(rateRefusal({ ...given, status: 'available', receiverId: null, givenAt: null }, stranger, daysAfter(1))).toMatchObject({ status: 403 });
  });

  it('should refuse a donation not given yet with 409, reserved or available', () => {
    const reserved: GiftFacts = { ...given, status: 'reserved', givenAt: null };
    expect(rateRefusal(reserved, owner, daysAfter(1))).toMatchObject({ status: 409, code: 'DONATION_NOT_GIVEN' });
    expect(rateRefusal(reserved, receiver, daysAfter(1))).toMatchObject({ status: 409, code: 'DONATION_NOT_GIVEN' });
    expect(rateRefusal({ ...given, status: 'available', receiverId: null, givenAt: null }, owner, daysAfter(1))).toMatchObject({ status: 409 });
  });

  it('should keep the window open for 14 days after the handover, to the millisecond', () => {
    expect(rateRefusal(given, receiver, daysAfter(14))).toBeNull();
    expect(rateRefusal(given, receiver, new Date(daysAfter(14).getTime() + 1))).toMatchObject({
      status: 400,
      code: 'RATING_WINDOW_CLOSED',
      message: "Un don s'évalue dans les 14 jours qui suivent sa remise.",
    });
  });
});
