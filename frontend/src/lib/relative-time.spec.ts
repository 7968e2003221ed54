import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe(relativeTime.name, () => {
  it('should say "now" under 60 seconds', () => {
    expect(relativeTime(ago(0), now)).toEqual({ unit: 'now' });
    expect(relativeTime(ago(59 * SECOND), now)).toEqual({ unit: 'now' });
  });

  it('should count minutes from 60 seconds up to 59 minutes', () => {
    expect(relativeTime(ago(60 * SECOND), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toEqual({ unit: 'minutes', count: 59 });
  });

  it('should count hours from 60 minutes up to 23 hours', () => {
    expect(relativeTime(ago(HOUR), now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(ago(DAY - 1), now)).toEqual({ unit: 'hours', count: 23 });
  });

  it('should count days from 24 hours up to 6 days', () => {
    expect(relativeTime(ago(DAY), now)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(7 * DAY - 1), now)).toEqual({ unit: 'days', count: 6 });
  });

  it('should give the date itself from 7 days on', () => {
    const created = ago(7 * DAY);
    expect(relativeTime(created, now)).toEqual({ unit: 'date', date: new Date(created) });
  });

  it('should treat a missing, unreadable or future date as now', () => {
    expect(relativeTime(null, now)).toEqual({ unit: 'now' });
    expect(relativeTime(undefined, now)).toEqual({ unit: 'now' });
    expect(relativeTime('not a date', now)).toEqual({ unit: 'now' });
    expect(relativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toEqual({ unit: 'now' });
  });
});
