import { HoardingMessages, isLateCancel } from './hoarding.js';

describe(isLateCancel.name, () => {
  const end = new Date('2026-12-01T12:00:00Z');
  it('should call late a cancel in the last 24 hours before the reservation ends, and only that', () => {
    expect(isLateCancel(new Date('2026-11-30T12:00:00Z'), end)).toBe(true);
    expect(isLateCancel(new Date('2026-12-01T11:00:00Z'), end)).toBe(true);
    expect(isLateCancel(new Date('2026-11-30T11:59:59Z'), end)).toBe(false);
  });
});

describe('HoardingMessages.reserveAgain', () => {
  it('should give the date and time in Morocco', () => {
    expect(HoardingMessages.reserveAgain(new Date('2026-11-27T13:05:00Z'))).toBe(
      'Vous avez annulé ou laissé expirer une réservation de cet objet : vous pourrez le réserver de nouveau à partir du 27 novembre 2026 à 14:05.',
    );
  });
});
