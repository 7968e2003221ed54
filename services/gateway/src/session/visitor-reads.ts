import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE } from './session.middleware.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A read (safe method) that carries no session cookie: a visitor's. It has no session to load,
 * and starts none (only sign-up and sign-in, both POSTs, start one).
 */
export function isVisitorRead(req: Pick<Request, 'method' | 'headers'>): boolean {
  return READS.has(req.method) && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`);
}

/**
 * Runs `handler` except for a visitor's read. Most requests are visitors browsing, and the session
 * middleware would make and sign a session for each only to throw it away (a fifth of what a
 * simple request costs the gateway, measured).
 */
export function unlessVisitorRead(handler: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => (isVisitorRead(req) ? next() : handler(req, res, next));
}
