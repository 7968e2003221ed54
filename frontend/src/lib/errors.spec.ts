import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@hdiya/contracts';
import { ApiError } from './api-client';
import { errorMessage } from './errors';
import { i18n } from './i18n';
// The codes only the rating and asks screens meet are translated with those screens' texts, loaded on demand.
import './rating-texts';
import './ask-texts';
import { formatDateTime } from './relative-time';

const reserved = () =>
  new ApiError(409, "Cet objet est déjà réservé par quelqu'un d'autre", {
    code: 'DONATION_ALREADY_RESERVED',
    fromServer: true,
  });

describe(errorMessage.name, () => {
  afterAll(() => i18n.changeLanguage('fr'));

  it('should translate a known code on an Arabic screen', async () => {
    await i18n.changeLanguage('ar');
    expect(errorMessage(reserved(), i18n.t, 'auth.login.errorFallback')).toBe('هذا الغرض محجوز بالفعل من طرف شخص آخر');
  });

  it("should show the server's French message on a French screen", async () => {
    await i18n.changeLanguage('fr');
    const error = new ApiError(400, 'Le mot de passe doit contenir au moins 8 caractères.', {
      code: 'VALIDATION_FAILED',
      field: 'password',
      fromServer: true,
    });
    expect(errorMessage(error, i18n.t, 'auth.signup.errorFallback')).toBe('Le mot de passe doit contenir au moins 8 caractères.');
  });

  it('should fall back to the server message for an unknown code', async () => {
    await i18n.changeLanguage('ar');
    const error = new ApiError(400, 'Champ invalide', { code: 'SOMETHING_NEW', fromServer: true });
    expect(errorMessage(error, i18n.t, 'auth.login.errorFallback')).toBe('Champ invalide');
  });

  it('should use the screen fallback, translated, when there is no server message', async () => {
    await i18n.changeLanguage('ar');
    expect(errorMessage(new TypeError('Failed to fetch'), i18n.t, 'auth.login.errorFallback')).toBe('بيانات الدخول غير صحيحة');
    const badGateway = new ApiError(502, '502: <html>', { fromServer: false });
    expect(errorMessage(badGateway, i18n.t, 'contact.form.errorFallback')).toBe('تعذّر إرسال الرسالة. يرجى المحاولة مجددًا.');
  });

  it('should say when a time-bound limit frees up, in the member’s language and time', async () => {
    const retryAt = '2026-11-27T13:05:00.000Z';
    const cooldown = () =>
      new ApiError(409, 'Vous avez annulé … à partir du 27 novembre 2026 à 14:05.', { code: 'RESERVE_AGAIN_COOLDOWN', retryAt, fromServer: true });
    await i18n.changeLanguage('fr');
    const fr = errorMessage(cooldown(), i18n.t, 'donations.reservation.reserveError');
    expect(fr).toMatch(/^Vous avez annulé ou laissé expirer une réservation de cet objet : vous pourrez le réserver de nouveau à partir du .*2026.*\.$/);
    expect(fr).toContain(formatDateTime(retryAt, 'fr'));
    await i18n.changeLanguage('ar');
    const ar = errorMessage(cooldown(), i18n.t, 'donations.reservation.reserveError');
    expect(ar).toContain('يمكنك حجزه من جديد ابتداءً من');
    expect(ar).toContain(formatDateTime(retryAt, 'ar'));
  });

  it('should tell a suspended member why and until when in their language, or that it is for good', async () => {
    const until = '2027-03-12T18:30:00.000Z';
    const suspended = (end: string | null) =>
      new ApiError(403, 'Votre compte est suspendu …', { code: 'MEMBER_SUSPENDED', suspension: { reason: 'Arnaque au don', until: end }, fromServer: true });
    await i18n.changeLanguage('ar');
    const ar = errorMessage(suspended(until), i18n.t, 'auth.login.errorFallback');
    expect(ar).toBe(`حسابك معلّق إلى غاية ${formatDateTime(until, 'ar')}. السبب: Arnaque au don. للاعتراض، راسلنا من صفحة الاتصال.`);
    expect(errorMessage(suspended(null), i18n.t, 'auth.login.errorFallback')).toContain('بشكل نهائي');
    await i18n.changeLanguage('fr');
    expect(errorMessage(suspended(until), i18n.t, 'auth.login.errorFallback')).toContain(`jusqu’au ${formatDateTime(until, 'fr')}. Motif : Arnaque au don.`);
  });

  it('should translate every error code the gateway can send, in both languages', () => {
    const missing = Object.values(ErrorCodes).flatMap((code) =>
      ['fr', 'ar'].filter((lng) => !i18n.exists(`errors.${code}`, { lng, fallbackLng: false })).map((lng) => `${lng}:${code}`),
    );
    expect(missing).toEqual([]);
  });
});
