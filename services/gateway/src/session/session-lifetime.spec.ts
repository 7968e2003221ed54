import type { NextFunction, Request, Response } from 'express';
import { absoluteSessionLifetime, sessionHolds } from './session-lifetime.js';

const DAY = 24 * 60 * 60 * 1000;

function requestWith(session: Record<string, unknown>) {
  const state = { regenerated: false };
  session.regenerate = (done: () => void) => {
    state.regenerated = true;
    done();
  };
  return { req: { session } as unknown as Request, state };
}

async function pass(middleware: ReturnType<typeof absoluteSessionLifetime>, req: Request): Promise<void> {
  await new Promise<void>((resolve, reject) => middleware(req, {} as Response, ((error?: unknown) => (error ? reject(error) : resolve())) as NextFunction));
}

describe('absolute session lifetime', () => {
  let clock = Date.UTC(2026, 0, 1);
  const middleware = absoluteSessionLifetime(30 * DAY, () => clock);

  it('should stamp a signed-in session, keep it for 30 days of use, then end it', async () => {
    const session: Record<string, unknown> = { passport: { user: { id: 'u1' } } };
    const { req, state } = requestWith(session);
    await pass(middleware, req);
    expect(session.signedInAt).toBe(clock);
    clock += 29 * DAY;
    await pass(middleware, req);
    expect(state.regenerated).toBe(false);
    clock += 2 * DAY;
    await pass(middleware, req);
    expect(state.regenerated).toBe(true);
  });

  it("should leave visitors' sessions alone", async () => {
    const session: Record<string, unknown> = {};
    const { req, state } = requestWith(session);
    await pass(middleware, req);
    expect(session.signedInAt).toBeUndefined();
    expect(state.regenerated).toBe(false);
  });
});

describe('a stored session holding for an open socket', () => {
  const now = Date.UTC(2026, 0, 31);
  const stored = (session: Record<string, unknown>) => JSON.stringify(session);

  it('should hold while the session exists, names the member and is within its lifetime', () => {
    expect(sessionHolds(stored({ passport: { user: { id: 'u1', role: 'member' } }, signedInAt: now - 29 * DAY }), 'u1', now, 30 * DAY)).toBe(true);
  });

  it('should end when the session is gone, names nobody or another member, or has outlived the lifetime', () => {
    expect(sessionHolds(null, 'u1', now, 30 * DAY)).toBe(false);
    expect(sessionHolds(stored({ cookie: {} }), 'u1', now, 30 * DAY)).toBe(false);
    expect(sessionHolds(stored({ passport: { user: { id: 'u2' } } }), 'u1', now, 30 * DAY)).toBe(false);
    expect(sessionHolds(stored({ passport: { user: { id: 'u1' } }, signedInAt: now - 31 * DAY }), 'u1', now, 30 * DAY)).toBe(false);
    expect(sessionHolds('not json', 'u1', now, 30 * DAY)).toBe(false);
  });
});
