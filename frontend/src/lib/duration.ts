import type { TFunction } from 'i18next';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type Duration = { unit: 'lessThanMinute' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/**
 * A length of time in its largest whole unit: minutes under an hour, hours under a day, then
 * days. `floor` for "waiting for 3 h" (never more than true), `round` for a usual figure.
 */
export function durationOf(ms: number, mode: 'floor' | 'round' = 'floor'): Duration {
  const whole = mode === 'floor' ? Math.floor : Math.round;
  if (!(ms >= MINUTE_MS)) return { unit: 'lessThanMinute' };
  if (whole(ms / MINUTE_MS) < 60) return { unit: 'minutes', count: whole(ms / MINUTE_MS) };
  if (whole(ms / HOUR_MS) < 24) return { unit: 'hours', count: whole(ms / HOUR_MS) };
  return { unit: 'days', count: whole(ms / DAY_MS) };
}

/** "3 h", "2 jours", "ساعتين": to put in a sentence ("depuis …", "en …"). */
export function formatDuration(ms: number, t: TFunction, mode: 'floor' | 'round' = 'floor'): string {
  const duration = durationOf(ms, mode);
  return duration.unit === 'lessThanMinute' ? t('common.duration.lessThanMinute') : t(`common.duration.${duration.unit}`, { count: duration.count });
}

/** How long since `since` (the time a member has waited for a reply). */
export function formatWaitingSince(since: string | Date, t: TFunction, now: Date = new Date()): string {
  return formatDuration(now.getTime() - new Date(since).getTime(), t);
}
