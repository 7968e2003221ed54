import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The tags of a page's link preview, or null for a page that has none (`link-preview.ts`). */
export type PreviewOf = (path: string) => Promise<string | null>;

const NOT_APP_PATHS = /^\/(api|socket\.io)(\/|$)/;
/** The build's hashed files: a name that is not there is a stale chunk, never a page. */
const ASSET_PATH = /^\/assets\//;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET that is not an API path answered with index.html so deep links work; a page with a
 * link preview (a donation's) gets its tags in the head, for crawlers that run no JavaScript.
 * Files come as the build compressed them (`.br`, else `.gz`, as the browser accepts, with
 * `Vary: Accept-Encoding`); the list of compressed files is read at start, so a rebuild served
 * without a restart is served uncompressed until then, never wrongly.
 */
export function serveFrontend(distDir: string, previewOf: PreviewOf = async () => null) {
  const index = join(distDir, 'index.html');
  const hasApp = existsSync(index);
  const assetsDir = join(distDir, 'assets');
  const assets = hasApp
    ? expressStaticGzip(distDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          index: false,
          setHeaders: (res, path) => {
            res.setHeader('Cache-Control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        },
      })
    : undefined;
  return [
    (req: Request, res: Response, next: NextFunction) => (assets && !NOT_APP_PATHS.test(req.path) ? assets(req, res, next) : next()),
    (req: Request, res: Response, next: NextFunction) => {
      if (!hasApp || (req.method !== 'GET' && req.method !== 'HEAD') || NOT_APP_PATHS.test(req.path)) return next();
      // What the static handler set for a compressed file it then did not find is not this answer's.
      res.removeHeader('Content-Encoding');
      if (ASSET_PATH.test(req.path)) return res.status(404).type('text').send('Not found');
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
