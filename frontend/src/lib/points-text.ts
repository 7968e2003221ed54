import type { TFunction } from 'i18next';

/** "10 points", "1 point", "نقطتان"… in each language's plural forms; "— points" while unknown. */
export function pointsText(t: TFunction, value: number | null | undefined): string {
  return value == null ? t('points.unknown') : t('points.balance', { count: value });
}
