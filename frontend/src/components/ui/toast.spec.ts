import { describe, expect, it } from 'vitest';
import { staysUntilClosed } from './toast';

describe('toasts', () => {
  it('should let news go away by itself, and keep errors and toasts with a link until closed', () => {
    expect(staysUntilClosed({ title: 'Réservation effectuée', variant: 'success' })).toBe(false);
    expect(staysUntilClosed({ title: 'Localisation par défaut' })).toBe(false);
    expect(staysUntilClosed({ title: 'Erreur', variant: 'error' })).toBe(true);
    expect(staysUntilClosed({ title: 'Connexion requise', action: { label: 'Se connecter', href: '/login' } })).toBe(true);
  });
});
