import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The tags of a page's link preview, or null for a page that has none (`link-preview.ts`). */
export type PreviewOf = (path: string) => Promise<string | null>;

const NOT_APP_PATHS = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET that is not an API path answered with index.html so deep links work; a page with a
 * link preview (a donation's) gets its tags in the head, for crawlers that run no JavaScript.
 */
export function serveFrontend(distDir: string, previewOf: PreviewOf = async () => null) {
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
      previewOf(req.path).then(
        (preview) => {
          if (!preview) return res.sendFile(index);
          // Read each time: a rebuilt web app is served without a restart, as sendFile does.
          const html = readFileSync(index, 'utf8').replace('</head>', `    ${preview}\n  </head>`);
          res.type('html').send(html);
        },
        next,
      );
    },
  ];
}
