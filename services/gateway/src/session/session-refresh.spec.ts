import type { NextFunction, Request, Response } from 'express';
import { SESSION_REFRESH_MS, sessionRefresh } from './session.middleware.js';

// The idle lifetime slides once an hour: a member's session is stamped (so saved, and its cookie
// sent again) when its last stamp is an hour old; a visitor's session is never stamped.

function run(session: Record<string, unknown> | undefined, now: number) {
  let called = false;
  sessionRefresh(() => now)({ session } as unknown as Request, {} as Response, (() => void (called = true)) as NextFunction);
  expect(called).toBe(true);
  return session;
}

const member = () => ({ passport: { user: { id: 'u1', role: 'member' } } });

describe(sessionRefresh.name, () => {
  it('should stamp a member’s session on its first request and again once an hour has passed, not in between', () => {
    const session = run(member(), 1_000)!;
    expect(session.refreshedAt).toBe(1_000);
    run(session, 1_000 + SESSION_REFRESH_MS - 1);
    expect(session.refreshedAt).toBe(1_000);
    run(session, 1_000 + SESSION_REFRESH_MS);
    expect(session.refreshedAt).toBe(1_000 + SESSION_REFRESH_MS);
  });

  it('should leave a visitor’s session untouched, so it is never saved', () => {
    expect(run({}, 5_000)).toEqual({});
    expect(run(undefined, 5_000)).toBeUndefined();
  });
});
