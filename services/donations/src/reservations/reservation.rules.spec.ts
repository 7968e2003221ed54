import { randomUUID } from 'node:crypto';
import { cancelRefusal, confirmRefusal, expiryOf, reserveRefusal, timeLeftMs, type ReservationFacts } from './reservation.rules.js';

const owner = randomUUID();
const reserver = randomUUID();
const stranger = randomUUID();
const available: ReservationFacts = { status: 'available', ownerId: owner, reserverId: null, reservationState: null };
const reserved: ReservationFacts = { status: 'reserved', ownerId: owner, reserverId: reserver, reservationState: 'active' };

describe('reservation rules', () => {
  it('should let a non-owner reserve an available donation only', () => {
    expect(reserveRefusal(available, reserver)).toBeNull();
    expect(reserveRefusal(available, owner)).toMatchObject({ status: 403, code: 'DONATION_OWN' });
    expect(reserveRefusal(reserved, stranger)).toMatchObject({
      status: 409,
      message: "Cet objet est déjà réservé par quelqu'un d'autre",
    });
    expect(reserveRefusal({ ...available, status: 'completed' }, stranger)).toMatchObject({ status: 409 });
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
});
