import type { DonationView } from './donations.js';
import { detailActions } from './reservation-actions.js';

describe(detailActions.name, () => {
  const owner = 'owner-1';
  const me = 'member-2';
  const donation = (status: DonationView['status'], reservedById: string | null = null) => ({ status, userId: owner, reservedById });
  const shown = (actions: ReturnType<typeof detailActions>) =>
    (['reserve', 'confirm', 'cancel', 'edit', 'delete', 'favorite', 'report'] as const).filter((name) => actions[name]);

  it('should offer "Réserver" to visitors (who are then asked to sign in) and to members', () => {
    expect(detailActions(donation('available'), null)).toMatchObject({ role: 'visitor', message: null });
    expect(shown(detailActions(donation('available'), null))).toEqual(['reserve', 'favorite']);
    expect(shown(detailActions(donation('available'), me))).toEqual(['reserve', 'favorite', 'report']);
  });

  it('should offer "Demander" instead of "Réserver" while the donor chooses among requests, and "Réserver" once decided', () => {
    const window = { mode: 'choose', closesAt: '2026-11-28T10:00:00Z', drawAt: '2026-11-29T10:00:00Z', decided: false } as const;
    expect(detailActions({ ...donation('available'), allocation: window }, me)).toMatchObject({ reserve: false, ask: true });
    expect(detailActions({ ...donation('available'), allocation: window }, null)).toMatchObject({ reserve: false, ask: true });
    expect(detailActions({ ...donation('available'), allocation: window }, owner)).toMatchObject({ reserve: false, ask: false });
    expect(detailActions({ ...donation('available'), allocation: { ...window, decided: true } }, me)).toMatchObject({ reserve: true, ask: false });
    expect(detailActions({ ...donation('available'), allocation: { mode: 'first' } }, me)).toMatchObject({ reserve: true, ask: false });
  });

  it('should give the reserver confirm and cancel, with the time-left message', () => {
    const actions = detailActions(donation('reserved', me), me);
    expect(actions).toMatchObject({ role: 'reserver', message: 'reservedByYou' });
    expect(shown(actions)).toEqual(['confirm', 'cancel', 'favorite', 'report']);
  });

  it('should tell anyone else that someone reserved it, with no action on the reservation', () => {
    for (const viewer of [null, 'member-3']) {
      const actions = detailActions(donation('reserved', me), viewer);
      expect(actions.message).toBe('reservedByOther');
      expect(actions).toMatchObject({ reserve: false, confirm: false, cancel: false });
    }
  });

  it('should let the donor edit and delete while available, and only cancel while reserved', () => {
    expect(detailActions(donation('available'), owner)).toMatchObject({ role: 'owner', message: null });
    expect(shown(detailActions(donation('available'), owner))).toEqual(['edit', 'delete']);
    const reserved = detailActions(donation('reserved', me), owner);
    expect(reserved.message).toBe('reservedOwner');
    expect(shown(reserved)).toEqual(['cancel']);
  });

  it('should let the donor withdraw an item offered from the waiting list (reserved, nobody holding it)', () => {
    expect(shown(detailActions(donation('reserved', null), owner))).toEqual(['delete']);
  });

  it('should show only the outcome once completed or withdrawn', () => {
    for (const viewer of [null, me, owner]) {
      const completed = detailActions(donation('completed', me), viewer);
      expect(completed.message).toBe('completed');
      expect(completed).toMatchObject({ reserve: false, confirm: false, cancel: false, delete: false });
      expect(detailActions(donation('cancelled'), viewer).message).toBe('cancelled');
    }
  });

  it('should never let the donor reserve or confirm their own donation', () => {
    // Even if the data claimed the donor reserved it.
    const actions = detailActions(donation('reserved', owner), owner);
    expect(actions).toMatchObject({ role: 'owner', reserve: false, confirm: false, cancel: true });
  });
});
