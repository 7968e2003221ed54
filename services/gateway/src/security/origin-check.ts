import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@hdiya/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Routes a signed token in the request authorises, never the session cookie: a forged request
 * gains nothing there, and a webmail's one-click unsubscribe (RFC 8058) may come from its own origin.
 */
const TOKEN_AUTHORISED = new Set(['/api/unsubscribe']);

/** The origin a browser would send for a page served by this very request's host. */
function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

/**
 * Cross-site request forgery guard for cookie sessions: a state-changing request whose Origin is
 * neither this site nor a configured public origin is refused. Requests without Origin (curl,
 * server-to-server) carry no ambient browser cookie risk unless the browser marks them cross-site.
 */
export function originCheck(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method) || TOKEN_AUTHORISED.has(req.path)) return next();
    const origin = req.get('origin');
    const crossSite = origin ? origin !== ownOrigin(req) && !allowed.has(origin) : req.get('sec-fetch-site') === 'cross-site';
    if (!crossSite) return next();
    res.status(403).json({
      statusCode: 403,
      code: ErrorCodes.FORBIDDEN_ORIGIN,
      message: 'Requête refusée : origine non autorisée.',
    });
  };
}

/** True when a browser says the request came from another site (used to ignore GET /api/logout from elsewhere). */
export function isCrossSiteNavigation(req: Request): boolean {
  return req.get('sec-fetch-site') === 'cross-site';
}
