import type { TFunction } from 'i18next';
import { intlLocale } from './i18n';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type RelativeTime =
  | { unit: 'now' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; date: Date };

/**
 * docs/product.md#timing-in-the-web-app: under 60 s "À l'instant", then minutes (< 60 min), hours (< 24 h), days (< 7 days),
 * then the date itself. A missing or unreadable date counts as now; so does a date in the future
 * (a client clock a little behind the server's).
 */
export function relativeTime(value: string | Date | null | undefined, now: Date = new Date()): RelativeTime {
  const date = value ? new Date(value) : now;
  const elapsed = now.getTime() - date.getTime();
  if (Number.isNaN(elapsed) || elapsed < MINUTE_MS) return { unit: 'now' };
  if (elapsed < HOUR_MS) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  if (elapsed < 7 * DAY_MS) return { unit: 'days', count: Math.floor(elapsed / DAY_MS) };
  return { unit: 'date', date };
}

// One formatter per language and style, built once (building one costs more than a card's render).
const DATE_STYLES = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: string, style: keyof typeof DATE_STYLES): Intl.DateTimeFormat {
  const key = `${language}:${style}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale(language), DATE_STYLES[style])));
  return format;
}

export function formatDate(date: Date | string, language: string): string {
  return dateFormat(language, 'date').format(new Date(date));
}

export function formatDateTime(date: Date | string, language: string): string {
  return dateFormat(language, 'dateTime').format(new Date(date));
}

export function formatRelativeTime(
  value: string | Date | null | undefined,
  t: TFunction,
  language: string,
  now: Date = new Date(),
): string {
  const relative = relativeTime(value, now);
  switch (relative.unit) {
    case 'now':
      return t('common.time.justNow');
    case 'minutes':
      return t('common.time.minutes', { count: relative.count });
    case 'hours':
      return t('common.time.hours', { count: relative.count });
    case 'days':
      return t('common.time.days', { count: relative.count });
    case 'date':
      return formatDate(relative.date, language);
  }
}
