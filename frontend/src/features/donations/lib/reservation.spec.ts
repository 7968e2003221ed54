import { describe, expect, it } from 'vitest';
import type { Donation } from '@/lib/donations';
import { detailActions, reservationTone, timeLeft, timeLeftUntil } from './reservation';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe(timeLeft.name, () => {
  it.each([
    [10 * DAY, 'days', 10],
    [10 * DAY - 1000, 'days', 10],
    [9.4 * DAY, 'days', 9],
    [2 * DAY, 'days', 2],
    [2 * DAY - 1, 'hours', 47],
    [DAY, 'hours', 24],
    [2 * HOUR, 'hours', 2],
    [1.5 * HOUR, 'hours', 1],
    [59 * 60 * 1000, 'lessThanHour', 0],
    [1, 'lessThanHour', 0],
    [0, 'expired', 0],
    [-5 * HOUR, 'expired', 0],
    [Number.NaN, 'expired', 0],
  ] as const)('should word %d ms as %s (%i)', (ms, key, count) => {
    expect(timeLeft(ms)).toEqual({ key, count });
  });
});

describe(timeLeftUntil.name, () => {
  const now = new Date('2026-05-01T12:00:00Z');

  it('should count from now to the deadline', () => {
    expect(timeLeftUntil('2026-05-11T12:00:00Z', now)).toEqual({ key: 'days', count: 10 });
    expect(timeLeftUntil('2026-05-01T17:30:00Z', now)).toEqual({ key: 'hours', count: 5 });
    expect(timeLeftUntil('2026-04-30T12:00:00Z', now)).toEqual({ key: 'expired', count: 0 });
  });

  it('should give nothing without a readable deadline', () => {
    expect(timeLeftUntil(null, now)).toBeNull();
    expect(timeLeftUntil('not a date', now)).toBeNull();
  });
});

describe(detailActions.name, () => {
  const owner = 'owner-1';
  const me = 'member-2';
  const donation = (status: Donation['status'], reservedById: string | null = null) => ({ status, userId: owner, reservedById });
  const shown = (actions: ReturnType<typeof detailActions>) =>
    (['reserve', 'confirm', 'cancel', 'edit', 'delete', 'favorite', 'report'] as const).filter((name) => actions[name]);

  it('should offer "Réserver" to visitors (who are then asked to sign in) and to members', () => {
    expect(detailActions(donation('available'), null)).toMatchObject({ role: 'visitor', message: null });
    expect(shown(detailActions(donation('available'), null))).toEqual(['reserve', 'favorite']);
    expect(shown(detailActions(donation('available'), me))).toEqual(['reserve', 'favorite', 'report']);
  });

  it('should give the reserver confirm and cancel, with the time-left message', () => {
    const actions = detailActions(donation('reserved', me), me);
    expect(actions).toMatchObject({ role: 'reserver', message: 'reservedByYou' });
    expect(shown(actions)).toEqual(['confirm', 'cancel', 'favorite', 'report']);
  });

  it('should tell anyone else that someone reserved it, with no action on the reservation', () => {
    for (const viewer of [null, 'member-3']) {
      const actions = detailActions(donation('reserved', me), viewer);
      expect(actions.message).toBe('reservedByOther');
      expect(actions).toMatchObject({ reserve: false, confirm: false, cancel: false });
    }
  });

  it('should let the donor edit and delete while available, and only cancel while reserved', () => {
    expect(detailActions(donation('available'), owner)).toMatchObject({ role: 'owner', message: null });
    expect(shown(detailActions(donation('available'), owner))).toEqual(['edit', 'delete']);
    const reserved = detailActions(donation('reserved', me), owner);
    expect(reserved.message).toBe('reservedOwner');
    expect(shown(reserved)).toEqual(['cancel']);
  });

  it('should let the donor withdraw an item offered from the waiting list (reserved, nobody holding it)', () => {
    expect(shown(detailActions(donation('reserved', null), owner))).toEqual(['delete']);
  });

  it('should show only the outcome once completed or withdrawn', () => {
    for (const viewer of [null, me, owner]) {
      const completed = detailActions(donation('completed', me), viewer);
      expect(completed.message).toBe('completed');
      expect(completed).toMatchObject({ reserve: false, confirm: false, cancel: false, delete: false });
      expect(detailActions(donation('cancelled'), viewer).message).toBe('cancelled');
    }
  });

  it('should never let the donor reserve or confirm their own donation', () => {
    // Even if the data claimed the donor reserved it.
    const actions = detailActions(donation('reserved', owner), owner);
    expect(actions).toMatchObject({ role: 'owner', reserve: false, confirm: false, cancel: true });
  });
});

describe(reservationTone.name, () => {
  it('should group the states into active, done and ended', () => {
    expect(reservationTone('active')).toBe('active');
    expect(reservationTone('pending')).toBe('active');
    expect(reservationTone('completed')).toBe('done');
    expect(['cancelled', 'expired', 'failed'].map((state) => reservationTone(state as 'cancelled'))).toEqual(['ended', 'ended', 'ended']);
  });
});
