import { askRefusal, chooseRefusal, drawTimeOf, windowRefusal, withdrawRefusal, type WindowFacts } from './request-window.rules.js';

const HOUR = 3_600_000;
const now = new Date('2026-11-27T10:00:00Z');
const owner = 'owner';
const window: WindowFacts = { status: 'available', ownerId: owner, mode: 'choose', closesAt: new Date(now.getTime() + 5 * HOUR), decided: false, reservationId: null };
const none = { mine: false, all: 0, members: 0, newMembers: 0 };

describe('the request window rules', () => {
  it('opens a window of 2 to 48 hours', () => {
    expect(windowRefusal(new Date(now.getTime() + 2 * HOUR), now)).toBeNull();
    expect(windowRefusal(new Date(now.getTime() + 48 * HOUR), now)).toBeNull();
    expect(windowRefusal(new Date(now.getTime() + HOUR), now)).toMatchObject({ status: 400, code: 'REQUEST_WINDOW_INVALID' });
    expect(windowRefusal(new Date(now.getTime() + 49 * HOUR), now)).toMatchObject({ status: 400, code: 'REQUEST_WINDOW_INVALID' });
    expect(windowRefusal(new Date(now.getTime() - HOUR), now)).toMatchObject({ status: 400 });
  });

  it('draws a day after the close', () => {
    expect(drawTimeOf(window.closesAt!).toISOString()).toBe('2026-11-28T15:00:00.000Z');
  });

  it('lets members other than the owner ask once, until the close, on a window not decided', () => {
    expect(askRefusal(window, 'm1', now, none)).toBeNull();
    expect(askRefusal(window, owner, now, none)).toMatchObject({ status: 403, code: 'DONATION_OWN' });
    expect(askRefusal(window, 'm1', now, { mine: true, all: 1, members: 1, newMembers: 0 })).toMatchObject({ status: 409, code: 'ALREADY_ASKED' });
    expect(askRefusal(window, 'm1', new Date(now.getTime() + 5 * HOUR), none)).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED', message: 'Les demandes pour ce don sont closes.' });
    expect(askRefusal({ ...window, mode: 'first', closesAt: null }, 'm1', now, none)).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED' });
    expect(askRefusal({ ...window, decided: true }, 'm1', now, none)).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED' });
    expect(askRefusal({ ...window, status: 'reserved', reservationId: 'r' }, 'm1', now, none)).toMatchObject({ status: 409 });
    expect(askRefusal(window, 'm1', now, { mine: false, all: 30, members: 0, newMembers: 0 })).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED' });
    // Issue 45: five open requests across windows, then no more until one closes.
    expect(askRefusal(window, 'm1', now, { mine: false, all: 1, members: 4, newMembers: 0 })).toBeNull();
    expect(askRefusal(window, 'm1', now, { mine: false, all: 1, members: 5, newMembers: 0 })).toMatchObject({ status: 409, code: 'REQUESTS_LIMIT' });
    // New accounts take five places in one window at most; an established member still asks.
    const five = { mine: false, all: 5, members: 0, newMembers: 5 };
    expect(askRefusal(window, 'm1', now, { ...five, newMembers: 4 }, true)).toBeNull();
    expect(askRefusal(window, 'm1', now, five, true)).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED', message: 'Ce don a déjà reçu 5 demandes de membres inscrits depuis moins de 7 jours : il n’en accepte plus d’autres.' });
    expect(askRefusal(window, 'm1', now, five, false)).toBeNull();
  });

  it('lets an asker withdraw only an open request, before the choice', () => {
    expect(withdrawRefusal(window, true)).toBeNull();
    expect(withdrawRefusal(window, false)).toMatchObject({ status: 404, code: 'REQUEST_NOT_FOUND' });
    expect(withdrawRefusal({ ...window, decided: true }, true)).toMatchObject({ status: 409 });
  });

  it('lets only the owner choose an open request of this donation, during the window or after it', () => {
    const open = { donationId: 7, state: 'open' };
    expect(chooseRefusal(window, owner, open, 7)).toBeNull();
    expect(chooseRefusal({ ...window, closesAt: new Date(now.getTime() - HOUR) }, owner, open, 7)).toBeNull();
    expect(chooseRefusal(window, 'm1', open, 7)).toMatchObject({ status: 403, code: 'DONATION_NOT_OWNER' });
    expect(chooseRefusal(window, owner, open, 8)).toMatchObject({ status: 404, code: 'REQUEST_NOT_FOUND' });
    expect(chooseRefusal(window, owner, undefined, 7)).toMatchObject({ status: 404 });
    expect(chooseRefusal(window, owner, { donationId: 7, state: 'withdrawn' }, 7)).toMatchObject({ status: 409, code: 'REQUEST_NOT_OPEN' });
    expect(chooseRefusal({ ...window, status: 'reserved', reservationId: 'r' }, owner, open, 7)).toMatchObject({ status: 409, code: 'REQUESTS_CLOSED' });
  });
});
