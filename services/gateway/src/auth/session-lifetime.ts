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
