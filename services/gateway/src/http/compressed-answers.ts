import compression from 'compression';
import type { Request, Response } from 'express';

/** socket.io's long-polling answers and photos pass as they are: photos are already compressed. */
const UNTOUCHED = /^\/(socket\.io|api\/images|api\/messages\/photos)(\/|$)/;

/**
 * Compresses what the gateway writes per request (API answers, the HTML of a page) when the
 * browser accepts it: brotli first, else gzip, above 1 KB, only for compressible types (JSON,
 * HTML, SVG, the manifest). Static files arrive compressed from the build (`spa.ts`) and are
 * skipped here as already encoded. Brotli at quality 4, the package's default: on a page of
 * search results it is about as fast as gzip and a fifth smaller.
 */
export function compressedAnswers() {
  return compression({
    threshold: 1024,
    filter: (req: Request, res: Response) => !UNTOUCHED.test(req.path) && compression.filter(req, res),
  });
}
