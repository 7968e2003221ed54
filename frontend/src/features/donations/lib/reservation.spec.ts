import { describe, expect, it } from 'vitest';
import { reservationTone, timeLeft, timeLeftUntil } from './reservation';

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

describe(reservationTone.name, () => {
  it('should group the states into active, done and ended', () => {
    expect(reservationTone('active')).toBe('active');
    expect(reservationTone('pending')).toBe('active');
    expect(reservationTone('completed')).toBe('done');
    expect(['cancelled', 'expired', 'failed'].map((state) => reservationTone(state as 'cancelled'))).toEqual(['ended', 'ended', 'ended']);
  });
});
