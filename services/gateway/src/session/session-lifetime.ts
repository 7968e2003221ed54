import type { NextFunction, Request, Response } from 'express';

interface TimedSession {
  passport?: { user?: unknown };
  signedInAt?: number;
  regenerate(callback: (error?: unknown) => void): void;
}

/** True once a signed-in session is older than the absolute lifetime, however active it was. */
export function sessionOutlived(session: Pick<TimedSession, 'passport' | 'signedInAt'>, now: number, maxAgeMs: number): boolean {
  return session.passport?.user !== undefined && typeof session.signedInAt === 'number' && now - session.signedInAt > maxAgeMs;
}

/**
 * A stored session (as JSON, or null when gone) still signs `memberId` in: it exists, names that
 * member and has not outlived the absolute lifetime. What an open socket must keep having.
 */
export function sessionHolds(stored: string | null, memberId: string, now: number, maxAgeMs: number): boolean {
  if (stored === null) return false;
  let session: Pick<TimedSession, 'passport' | 'signedInAt'>;
  try {
    session = JSON.parse(stored) as Pick<TimedSession, 'passport' | 'signedInAt'>;
  } catch {
    return false;
  }
  return (session.passport?.user as { id?: unknown } | undefined)?.id === memberId && !sessionOutlived(session, now, maxAgeMs);
}

/**
 * The absolute session lifetime, on top of the idle one the cookie and the store enforce: a session
 * used every day still ends `maxAgeMs` after sign-in (a stolen cookie does not live forever).
 * Signed-in sessions are stamped on their first request; an outlived one is replaced by an empty
 * session before passport reads it, so the request is a visitor's.
 */
export function absoluteSessionLifetime(maxAgeMs: number, now: () => number = Date.now) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const session = req.session as unknown as TimedSession | undefined;
    if (!session?.passport?.user) return next();
    if (sessionOutlived(session, now(), maxAgeMs)) {
      session.regenerate((error) => next(error));
      return;
    }
    session.signedInAt ??= now();
    next();
  };
}
