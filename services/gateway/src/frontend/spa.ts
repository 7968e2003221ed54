import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { languageOf, pageHtml, type FirstScreens, type PageFacts } from './first-screen.js';

/** What the gateway knows of a page beyond its path, or null for a page with nothing more (`link-preview.ts`). */
export type FactsOf = (path: string) => Promise<PageFacts | null>;

const NOT_APP_PATHS = /^\/(api|socket\.io)(\/|$)/;
/** The build's hashed files: a name that is not there is a stale chunk, never a page. */
const ASSET_PATH = /^\/assets\//;

/** A build file, read again when it changes: a rebuilt web app is served without a restart. */
function builtFile<T>(path: string, parse: (text: string) => T): () => T | null {
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(readFileSync(path, 'utf8')) };
    return cached.value;
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET that is not an API path answered with index.html so deep links work. Each page comes
 * with its first screen in the language the web app last showed (`first-screen.ts`); a page with
 * a link preview (a donation's) gets its tags in the head, for crawlers that run no JavaScript.
 * Files come as the build compressed them (`.br`, else `.gz`, as the browser accepts, with
 * `Vary: Accept-Encoding`); the list of compressed files is read at start, so a rebuild served
 * without a restart is served uncompressed until then, never wrongly.
 */
export function serveFrontend(distDir: string, factsOf: FactsOf = async () => null) {
  const hasApp = existsSync(join(distDir, 'index.html'));
  const index = builtFile(join(distDir, 'index.html'), (text) => text);
  const screens = builtFile(join(distDir, 'first-screens.json'), (text) => JSON.parse(text) as FirstScreens);
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
      // The first screen follows the link's `?lang=`, else the language cookie: a cache must not give one member's to another.
      res.setHeader('Vary', 'Cookie');
      factsOf(req.path).then((facts) => {
        const html = index();
        if (html === null) return next();
        res.type('html').send(pageHtml(html, screens(), { path: req.path, language: languageOf(req.headers.cookie, req.originalUrl), facts }));
      }, next);
    },
  ];
}
