import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { durationOf, formatDuration, formatWaitingSince } from './duration';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

afterAll(() => i18n.changeLanguage('fr'));

describe('durations', () => {
  it('should use the largest whole unit, floored for waiting and rounded for a usual figure', () => {
    expect(durationOf(30_000)).toEqual({ unit: 'lessThanMinute' });
    expect(durationOf(59 * MINUTE + 59_000)).toEqual({ unit: 'minutes', count: 59 });
    expect(durationOf(59 * MINUTE + 59_000, 'round')).toEqual({ unit: 'hours', count: 1 });
    expect(durationOf(3 * HOUR + 40 * MINUTE)).toEqual({ unit: 'hours', count: 3 });
    expect(durationOf(3 * HOUR + 40 * MINUTE, 'round')).toEqual({ unit: 'hours', count: 4 });
    expect(durationOf(50 * HOUR)).toEqual({ unit: 'days', count: 2 });
  });

  it('should write durations in French and with the Arabic plural forms', async () => {
    await i18n.changeLanguage('fr');
    const now = new Date('2026-11-24T12:00:00Z');
    expect(formatWaitingSince('2026-11-24T09:00:00Z', i18n.t, now)).toBe('3 h');
    expect(formatDuration(2 * 24 * HOUR, i18n.t)).toBe('2 jours');
    expect(formatDuration(10_000, i18n.t)).toBe('moins d’une minute');
    await i18n.changeLanguage('ar');
    expect(formatDuration(HOUR, i18n.t)).toBe('ساعة');
    expect(formatDuration(2 * HOUR, i18n.t)).toBe('ساعتين');
    expect(formatDuration(3 * HOUR, i18n.t)).toBe('3 ساعات');
    expect(formatDuration(11 * MINUTE, i18n.t)).toBe('11 دقيقة');
  });
});
