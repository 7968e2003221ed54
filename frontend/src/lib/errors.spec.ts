import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@hdiya/contracts';
import { ApiError } from './api-client';
import { errorMessage } from './errors';
import { i18n } from './i18n';

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

  it('should translate every error code the gateway can send, in both languages', () => {
    const missing = Object.values(ErrorCodes).flatMap((code) =>
      ['fr', 'ar'].filter((lng) => !i18n.exists(`errors.${code}`, { lng, fallbackLng: false })).map((lng) => `${lng}:${code}`),
    );
    expect(missing).toEqual([]);
  });
});
