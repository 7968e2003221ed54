import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { pointsText } from './points-text';
import { formatRelativeTime } from './relative-time';

afterAll(() => i18n.changeLanguage('fr'));

describe('counted texts', () => {
  it('should read points in French as "1 point", "10 points"', async () => {
    await i18n.changeLanguage('fr');
    expect([1, 10, null].map((n) => pointsText(i18n.t, n))).toEqual(['1 point', '10 points', '— points']);
  });

  it("should use Arabic's plural forms for points and times (no more \"285 نقاط\" or \"منذ 7 دقيقة\")", async () => {
    await i18n.changeLanguage('ar');
    expect([0, 1, 2, 3, 11, 285].map((n) => pointsText(i18n.t, n))).toEqual(['لا نقاط', 'نقطة واحدة', 'نقطتان', '3 نقاط', '11 نقطة', '285 نقطة']);
    const now = new Date('2026-11-23T12:00:00Z');
    const minutesAgo = (m: number) => formatRelativeTime(new Date(now.getTime() - m * 60_000), i18n.t, 'ar', now);
    expect([1, 2, 7, 15].map(minutesAgo)).toEqual(['منذ دقيقة', 'منذ دقيقتين', 'منذ 7 دقائق', 'منذ 15 دقيقة']);
  });
});

describe('sentences with a count of points', () => {
  it('should agree in French: one point given back, two points given back', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('donations.reservation.cancelledTextReserver', { count: 1 })).toBe('Votre point vous sera rendu dans un instant.');
    expect(i18n.t('donations.reservation.cancelledTextReserver', { count: 2 })).toBe('Vos 2 points vous seront rendus dans un instant.');
    expect(i18n.t('points.history.amount.earned', { count: 1 })).toBe('1 point gagné');
    const balance = i18n.t('points.balance', { count: 7 });
    expect(i18n.t('points.transfer.successText', { count: 3, name: 'Salma', balance })).toBe('3 points envoyés à Salma. Nouveau solde : 7 points');
  });

  it("should use Arabic's dual and plural forms in the same sentences", async () => {
    await i18n.changeLanguage('ar');
    expect(i18n.t('donations.reservation.cancelledTextReserver', { count: 2 })).toBe('ستُعاد إليك نقطتان بعد لحظات.');
    expect(i18n.t('points.transfer.pointsHint', { count: 5 })).toBe('الرصيد المتاح: 5 نقاط');
    expect(i18n.t('points.history.amount.spent', { count: 2 })).toBe('صرف نقطتين');
    expect(i18n.t('points.history.amount.earned', { count: 15 })).toBe('ربح 15 نقطة');
  });
});
