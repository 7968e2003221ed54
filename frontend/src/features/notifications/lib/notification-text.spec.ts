import { afterAll, describe, expect, it } from 'vitest';
import type { NotificationView } from '@hdiya/contracts';
import { i18n } from '@/lib/i18n';
import { notificationHref, notificationText } from './notification-text';

const base = { id: 'n1', read: false, createdAt: '2026-11-23T10:00:00.000Z' };
const points = (count: number): NotificationView => ({ ...base, kind: 'points_received', params: { points: count, senderName: 'Salma T.', message: null } });
const reserved: NotificationView = {
  ...base,
  kind: 'reservation_made',
  params: { donationId: 12, title: 'Lampe', reserverName: 'Youssef A.', expiresAt: '2026-12-03T10:00:00.000Z' },
};
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

afterAll(() => i18n.changeLanguage('fr'));

describe('notification text', () => {
  it('should write each kind in French from its parameters, names isolated from the sentence', async () => {
    await i18n.changeLanguage('fr');
    expect(notificationText(reserved, i18n.t)).toBe('\u2068Youssef A.\u2069 a réservé « \u2068Lampe\u2069 ».');
    expect(plain(notificationText(points(1), i18n.t))).toBe('Salma T. vous a transféré 1 point.');
    expect(plain(notificationText(points(3), i18n.t))).toBe('Salma T. vous a transféré 3 points.');
  });

  it('should use the Arabic plural forms for counts', async () => {
    await i18n.changeLanguage('ar');
    expect(plain(notificationText(points(1), i18n.t))).toBe('حوّل إليك Salma T. نقطة واحدة.');
    expect(plain(notificationText(points(2), i18n.t))).toBe('حوّل إليك Salma T. نقطتين.');
    expect(plain(notificationText(points(7), i18n.t))).toBe('حوّل إليك Salma T. 7 نقاط.');
    expect(plain(notificationText(points(15), i18n.t))).toBe('حوّل إليك Salma T. 15 نقطة.');
  });

  it('should remind who waits for a reply, and for how long, in both languages', async () => {
    const since = new Date(Date.now() - 26 * 3_600_000).toISOString();
    const reminder = (title: string | null): NotificationView => ({ ...base, kind: 'reply_reminder', params: { otherId: 'u-2', otherName: 'Karim T.', donationId: title ? 12 : null, title, since } });
    await i18n.changeLanguage('fr');
    expect(plain(notificationText(reminder('Lampe'), i18n.t))).toBe('Karim T. attend votre réponse à propos de « Lampe » depuis 1 jour.');
    expect(plain(notificationText(reminder(null), i18n.t))).toBe('Karim T. attend votre réponse depuis 1 jour.');
    await i18n.changeLanguage('ar');
    expect(plain(notificationText(reminder('Lampe'), i18n.t))).toBe('Karim T. في انتظار ردّك بخصوص «Lampe» منذ يوم.');
    expect(notificationHref(reminder('Lampe'))).toBe('/messages?with=u-2&donation=12');
  });

  it('should tell a donor who asked for their item, one line per item counting the askers, in both languages', async () => {
    const asked = (count: number): NotificationView => ({ ...base, kind: 'request_received', params: { donationId: 12, title: 'Table', askerName: 'Amina B.', count } });
    const closed = (count: number): NotificationView => ({ ...base, kind: 'request_window_closed', params: { donationId: 12, title: 'Table', count, drawAt: base.createdAt } });
    await i18n.changeLanguage('fr');
    expect(plain(notificationText(asked(1), i18n.t))).toBe('Amina B. a demandé « Table ».');
    expect(plain(notificationText(asked(3), i18n.t))).toBe('3 personnes ont demandé « Table ».');
    expect(plain(notificationText(closed(3), i18n.t))).toBe('Demandes closes pour « Table » (3 demandes) : choisissez dans les 24 h, sinon Hdiya tirera au sort.');
    await i18n.changeLanguage('ar');
    expect(plain(notificationText(asked(1), i18n.t))).toBe('طلب Amina B. «Table».');
    expect(plain(notificationText(asked(2), i18n.t))).toBe('طلب شخصان «Table».');
    expect(plain(notificationText(asked(3), i18n.t))).toBe('طلب 3 أشخاص «Table».');
    expect(plain(notificationText(closed(12), i18n.t))).toContain('(12 طلبًا)');
    expect(notificationHref(asked(3))).toBe('/donations/12');
  });

  it('should lead to what the notification is about', () => {
    expect(notificationHref(reserved)).toBe('/donations/12');
    expect(notificationHref(points(2))).toBe('/points-history');
    expect(notificationHref({ ...base, kind: 'message_received', params: { senderId: 'u-1', senderName: 'A', donationId: null, title: null } })).toBe('/messages?with=u-1');
  });
});
