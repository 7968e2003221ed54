import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const NOT_APP_PATHS = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET that is not an API path answered with index.html so deep links work.
 */
export function serveFrontend(distDir: string) {
  const index = join(distDir, 'index.html');
  const hasApp = existsSync(index);
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return [
    (req: Request, res: Response, next: NextFunction) => (hasApp && !NOT_APP_PATHS.test(req.path) ? assets(req, res, next) : next()),
    (req: Request, res: Response, next: NextFunction) => {
      if (!hasApp || (req.method !== 'GET' && req.method !== 'HEAD') || NOT_APP_PATHS.test(req.path)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    },
  ];
}
