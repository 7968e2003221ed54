import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from '@hdiya/platform';

/**
 * Times every request, labelled by the route pattern Nest matched (`/api/donations/:id`, never
 * the raw URL: ids would make a series per donation) and the status class.
 */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = httpRequestDuration.startTimer({ method: req.method });
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      const pattern = route ? `${req.baseUrl}${route}` : req.path.startsWith('/api/') ? 'unmatched' : 'static';
      stop({ route: pattern, status: `${Math.floor(res.statusCode / 100)}xx` });
    });
    next();
  };
}
