import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, historyAmount, historyPageParam, historyReason, relatedUserName, type PointsHistoryEntry } from './history';

describe(historyAmount.name, () => {
  it.each([
    ['earned', 5, '+5', 'earned'],
    ['received', 3, '+3', 'received'],
    ['spent', -2, '−2', 'spent'],
    ['transferred', -4, '−4', 'transferred'],
    ['other', 2, '2', 'other'],
    ['other', -5, '5', 'other'],
  ] as const)('should show a %s amount of %i as "%s"', (type, amount, text, tone) => {
    expect(historyAmount(type, amount)).toMatchObject({ text, tone, value: Math.abs(amount) });
  });

  it('should use the type for the sign whatever the stored sign', () => {
    expect(historyAmount('earned', -5).text).toBe('+5');
    expect(historyAmount('spent', 2).text).toBe('−2');
  });

  it('should treat an unknown type as other (grey, unsigned)', () => {
    expect(historyAmount('bonus', 7)).toEqual({ text: '7', sign: '', value: 7, tone: 'other' });
  });
});

describe(historyPageParam.name, () => {
  const entry = (id: number) => ({ id: String(id) }) as PointsHistoryEntry;

  it('should ask for the entries before the last id of a full page', () => {
    const page = Array.from({ length: HISTORY_PAGE_SIZE }, (_, index) => entry(500 - index));
    expect(historyPageParam(page)).toBe('401');
  });

  it('should stop after a short page', () => {
    expect(historyPageParam([entry(3), entry(2)])).toBeUndefined();
    expect(historyPageParam([])).toBeUndefined();
  });
});

describe(relatedUserName.name, () => {
  it('should join the first name and the last-name initial', () => {
    expect(relatedUserName({ id: 'u1', firstName: 'Hassan', lastName: 'B.' })).toBe('Hassan B.');
    expect(relatedUserName({ id: 'u1', firstName: 'Hassan', lastName: null })).toBe('Hassan');
    expect(relatedUserName({ id: 'u1', firstName: ' ', lastName: null })).toBeNull();
    expect(relatedUserName(null)).toBeNull();
  });
});

describe(historyReason.name, () => {
  it.each([
    ['Bonus de bienvenue', 'welcome', null],
    ['Don publié : Chaise pliante', 'published', null],
    ['Don retiré : Chaise', 'withdrawn', null],
    ['Réservation : Chaise', 'reservation', null],
    ['Réservation annulée : Chaise', 'refund', null],
    ['Don remis : Chaise', 'given', null],
    ['Récompense non versée (limite quotidienne des récompenses de dons atteinte) : Chaise', 'withheldDaily', null],
    ['Récompense non versée (plus de 3 dons entre vous en 30 jours) : Chaise', 'withheldPair', null],
    ['Remise contestée : Chaise', 'disputed', null],
    ['Réservation rendue (remise contestée) : Chaise', 'disputeRefund', null],
    ['Points envoyés', 'sent', null],
    ['Points envoyés : Merci !', 'sent', 'Merci !'],
    ['Points reçus : Bon courage', 'received', 'Bon courage'],
  ] as const)('should read "%s" as %s', (description, reason, note) => {
    expect(historyReason(description)).toEqual({ reason, note });
  });

  it('should leave unknown descriptions alone', () => {
    expect(historyReason('Ajustement manuel')).toBeNull();
  });
});
