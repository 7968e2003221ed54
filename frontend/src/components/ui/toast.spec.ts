import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { staysUntilClosed, toastText } from './toast';

describe('toasts', () => {
  it('should let news go away by itself, and keep errors and toasts with a link until closed', () => {
    expect(staysUntilClosed({ title: 'Réservation effectuée', variant: 'success' })).toBe(false);
    expect(staysUntilClosed({ title: 'Localisation par défaut' })).toBe(false);
    expect(staysUntilClosed({ title: 'Erreur', variant: 'error' })).toBe(true);
    expect(staysUntilClosed({ title: 'Connexion requise', action: { label: 'Se connecter', href: '/login' } })).toBe(true);
  });

  it('should write a translated text with the translator of the moment, so it follows a language switch', () => {
    const text = (t: TFunction) => t('auth.login.success');
    const french = ((key: string) => `fr:${key}`) as unknown as TFunction;
    const arabic = ((key: string) => `ar:${key}`) as unknown as TFunction;
    expect(toastText(text, french)).toBe('fr:auth.login.success');
    expect(toastText(text, arabic)).toBe('ar:auth.login.success');
    expect(toastText('Salma I.', arabic)).toBe('Salma I.');
  });
});
