import { randomUUID } from 'node:crypto';
import { cancelRefusal, confirmRefusal, disputeRefusal, expiryOf, handoverCodeRefusal, handoverRefusal, reserveRefusal, timeLeftMs, type ReservationFacts } from './reservation.rules.js';

const owner = randomUUID();
const reserver = randomUUID();
const stranger = randomUUID();
const none = { offeredToId: null, offerExpiresAt: null };
const available: ReservationFacts = { status: 'available', ownerId: owner, reserverId: null, reservationState: null, ...none };
const reserved: ReservationFacts = { status: 'reserved', ownerId: owner, reserverId: reserver, reservationState: 'active', ...none };
const now = new Date('2026-11-23T12:00:00Z');
const offered = (until: Date): ReservationFacts => ({ status: 'reserved', ownerId: owner, reserverId: null, reservationState: null, offeredToId: reserver, offerExpiresAt: until });

describe('reservation rules', () => {
  it('should let a non-owner reserve an available donation only', () => {
    expect(reserveRefusal(available, reserver, now)).toBeNull();
    expect(reserveRefusal(available, owner, now)).toMatchObject({ status: 403, code: 'DONATION_OWN' });
    expect(reserveRefusal(reserved, stranger, now)).toMatchObject({
      status: 409,
      message: "Cet objet est déjà réservé par quelqu'un d'autre",
    });
    expect(reserveRefusal({ ...available, status: 'completed' }, stranger, now)).toMatchObject({ status: 409 });
  });

  it('should let only the member an item is offered to take it, and only before the offer runs out', () => {
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(reserveRefusal(offered(tomorrow), reserver, now)).toBeNull();
    expect(reserveRefusal(offered(tomorrow), stranger, now)).toMatchObject({ status: 409, code: 'DONATION_ALREADY_RESERVED' });
    expect(reserveRefusal(offered(now), reserver, now)).toMatchObject({ status: 409, code: 'WAITLIST_OFFER_EXPIRED', message: 'Cette proposition a expiré.' });
    expect(cancelRefusal(offered(tomorrow), owner)).toMatchObject({ status: 409, code: 'DONATION_NOT_RESERVED' });
  });

  it('should show the handover to both sides only, and take codes from the owner until 5 wrong ones', () => {
    expect(handoverRefusal(reserved, reserver)).toBeNull();
    expect(handoverRefusal(reserved, owner)).toBeNull();
    expect(handoverRefusal(reserved, stranger)).toMatchObject({ status: 403 });
    expect(handoverRefusal({ ...reserved, reservationState: 'pending' }, reserver)).toMatchObject({ status: 409 });
    expect(handoverCodeRefusal(reserved, owner, 4)).toBeNull();
    expect(handoverCodeRefusal(reserved, owner, 5)).toMatchObject({ status: 429, code: 'HANDOVER_LOCKED' });
    expect(handoverCodeRefusal(reserved, reserver, 0)).toMatchObject({ status: 403, message: 'Seul le donateur peut saisir le code de remise.' });
  });

  it('should let only the reserver confirm, once', () => {
    expect(confirmRefusal(reserved, reserver)).toBeNull();
    expect(confirmRefusal(reserved, owner)).toMatchObject({ status: 403, code: 'RESERVATION_NOT_YOURS' });
    expect(confirmRefusal(reserved, stranger)).toMatchObject({ status: 403 });
    expect(confirmRefusal({ ...reserved, status: 'completed' }, reserver)).toMatchObject({ status: 409 });
    expect(confirmRefusal(available, reserver)).toMatchObject({ status: 409, code: 'DONATION_NOT_RESERVED' });
  });

  it('should let the reserver or the owner cancel an active reservation', () => {
    expect(cancelRefusal(reserved, reserver)).toBeNull();
    expect(cancelRefusal(reserved, owner)).toBeNull();
    expect(cancelRefusal(reserved, stranger)).toMatchObject({ status: 403 });
    expect(cancelRefusal(available, owner)).toMatchObject({ status: 409 });
  });

  it('should refuse to move a reservation whose hold is still being taken', () => {
    const pending: ReservationFacts = { ...reserved, reservationState: 'pending' };
    expect(confirmRefusal(pending, reserver)).toMatchObject({ status: 409, code: 'RESERVATION_UNAVAILABLE' });
    expect(cancelRefusal(pending, owner)).toMatchObject({ status: 409, code: 'RESERVATION_UNAVAILABLE' });
  });

  it('should give 10 days to collect and never a negative time left', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    expect(expiryOf(at).toISOString()).toBe('2026-01-11T10:00:00.000Z');
    expect(timeLeftMs(expiryOf(at), new Date('2026-01-10T10:00:00Z'))).toBe(24 * 60 * 60 * 1000);
    expect(timeLeftMs(expiryOf(at), new Date('2026-02-01T00:00:00Z'))).toBe(0);
  });

  it('should let the donor dispute a reception confirmed without the code for 48 hours only (decision 0056)', () => {
    const confirmedAt = new Date(now.getTime() - 47 * 3_600_000);
    const alone = { status: 'completed' as const, ownerId: owner, withCode: false, confirmedAt };
    expect(disputeRefusal(alone, owner, now)).toBeNull();
    expect(disputeRefusal(alone, reserver, now)).toMatchObject({ status: 403, code: 'RESERVATION_NOT_YOURS' });
    expect(disputeRefusal({ ...alone, withCode: true }, owner, now)).toMatchObject({ status: 409, code: 'RECEPTION_NOT_DISPUTABLE' });
    expect(disputeRefusal({ ...alone, status: 'reserved', confirmedAt: null }, owner, now)).toMatchObject({ status: 409, code: 'RECEPTION_NOT_DISPUTABLE' });
    expect(disputeRefusal(alone, owner, new Date(confirmedAt.getTime() + 48 * 3_600_000))).toBeNull();
    expect(disputeRefusal(alone, owner, new Date(confirmedAt.getTime() + 48 * 3_600_000 + 1))).toMatchObject({ message: 'Le délai de 48 heures pour contester cette remise est passé.' });
  });
});
