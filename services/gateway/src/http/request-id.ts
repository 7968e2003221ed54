import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { acceptableRequestId, REQUEST_ID_HEADER, withRequestId } from '@hdiya/platform';

/**
 * Gives each HTTP request an id (the caller's X-Request-Id when it is a plain short one, e.g.
 * from the ingress, else a new one), answers it in X-Request-Id, and runs the request as part of
 * it: log lines here, NATS calls (a header) and the events they cause all carry it.
 */
export function requestId() {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const id = acceptableRequestId(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    withRequestId(id, next);
  };
}
