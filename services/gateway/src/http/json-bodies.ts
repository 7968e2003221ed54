import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ErrorCodes } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { bodyParserErrors } from '../errors/body-parser-errors.js';
import { imageTooLarge } from '../images/image-pipeline.js';
import { markBodyTooLarge } from '../input/json-body.decorator.js';

export const requestTooLarge = () => new ApiException(413, ErrorCodes.PAYLOAD_TOO_LARGE, 'La requête est trop volumineuse.');

/** Creating or editing a donation: the only bodies that may carry a photo inline (a data URL). */
export function takesDonation(req: Pick<Request, 'method' | 'path'>): boolean {
  return (req.method === 'POST' && /^\/api\/donations\/?$/.test(req.path)) || (req.method === 'PATCH' && /^\/api\/donations\/\d+\/?$/.test(req.path));
}

/**
 * JSON bodies, parsed after the session is known (mount it after passport). Every route gets the
 * small limit, except a signed-in member's donation create or edit, which gets the large one.
 * A body declared larger than its limit is not read at all: the request goes on without a body,
 * the guards answer first (a visitor gets 401 on a members' route, without the gateway reading
 * the 5 MB), and `JsonBody` answers 413 to whoever passes them.
 */
export function jsonBodies(limits: { small: number; large: number }): RequestHandler {
  const small = express.json({ limit: limits.small });
  const large = express.json({ limit: limits.large });
  const smallErrors = bodyParserErrors(requestTooLarge().getResponse() as object);
  const largeErrors = bodyParserErrors(imageTooLarge().getResponse() as object);
  return (req: Request, res: Response, next: NextFunction) => {
    const donation = req.user !== undefined && takesDonation(req);
    const limit = donation ? limits.large : limits.small;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit && req.is('application/json')) {
      markBodyTooLarge(req, donation ? imageTooLarge() : requestTooLarge());
      return next();
    }
    // A body sent without a length is read up to the limit (and the rest discarded) by the parser.
    const [parse, errors] = donation ? [large, largeErrors] : [small, smallErrors];
    parse(req, res, (error?: unknown) => (error ? errors(error as Error, req, res, next) : next()));
  };
}
