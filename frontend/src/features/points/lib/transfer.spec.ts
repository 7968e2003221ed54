import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { newIdempotencyKey, transferErrorMessage, validateTransfer } from './transfer';

const values = (receiverIdentifier: string, points: string) => ({ receiverIdentifier, points, message: '' });

describe(validateTransfer.name, () => {
  it('should accept a phone and a whole number within the balance', () => {
    expect(validateTransfer(values('0600000101', '3'), 10)).toBeNull();
    expect(validateTransfer(values('0600000101', '10'), 10)).toBeNull();
  });

  it('should ask for every required field', () => {
    expect(validateTransfer(values(' ', '3'), 10)).toEqual({ field: 'receiverIdentifier', key: 'validation.points.required' });
    expect(validateTransfer(values('0600000101', ''), 10)).toEqual({ field: 'points', key: 'validation.points.required' });
  });

  it.each(['0', '-4', '1.5', 'abc'])('should refuse %s points as not positive', (points) => {
    expect(validateTransfer(values('0600000101', points), 10)).toEqual({ field: 'points', key: 'validation.points.positive' });
  });

  it('should refuse more than the available balance, unless the balance is unknown', () => {
    expect(validateTransfer(values('0600000101', '11'), 10)).toEqual({ field: 'points', key: 'validation.points.insufficient' });
    expect(validateTransfer(values('0600000101', '11'), null)).toBeNull();
  });
});

describe(newIdempotencyKey.name, () => {
  it('should make distinct keys the server accepts (8 to 100 of [A-Za-z0-9_-])', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});

describe(transferErrorMessage.name, () => {
  afterAll(() => i18n.changeLanguage('fr'));
  const insufficient = new ApiError(400, "Vous n'avez pas assez de points", { code: 'POINTS_INSUFFICIENT', fromServer: true });

  it("should say a transfer lacks points, not the reservation rule, in every language", async () => {
    await i18n.changeLanguage('fr');
    expect(transferErrorMessage(insufficient, i18n.t, 'fr')).toBe("Vous n'avez pas assez de points");
    await i18n.changeLanguage('ar');
    expect(transferErrorMessage(insufficient, i18n.t, 'ar')).toBe('ليست لديك نقاط كافية');
  });

  it('should translate other codes and fall back to "Erreur lors du transfert"', async () => {
    await i18n.changeLanguage('ar');
    const notFound = new ApiError(404, 'Aucun membre ne correspond à ce numéro de téléphone.', { code: 'RECIPIENT_NOT_FOUND', fromServer: true });
    expect(transferErrorMessage(notFound, i18n.t, 'ar')).toBe('لا يوجد عضو بهذا الرقم.');
    await i18n.changeLanguage('fr');
    expect(transferErrorMessage(new TypeError('Failed to fetch'), i18n.t, 'fr')).toBe('Erreur lors du transfert');
  });
});
