import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@hdiya/contracts';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

const TOO_LARGE = { statusCode: 413, code: ErrorCodes.PAYLOAD_TOO_LARGE, message: 'La requête est trop volumineuse.' };

/**
 * Express error middleware for the JSON parser, which runs before Nest's own error handling.
 * `tooLarge` is the answer to an oversized body (a donation's is about its photo).
 */
export const bodyParserErrors = (tooLarge: object = TOO_LARGE) => (error: BodyParserError, _req: Request, res: Response, next: NextFunction): void => {
  if (error.type === 'entity.too.large') {
    res.status(413).json(tooLarge);
  } else if (error.type === 'entity.parse.failed') {
    res.status(400).json({ statusCode: 400, code: ErrorCodes.INVALID_JSON, message: 'Le corps de la requête n\'est pas un JSON valide.' });
  } else if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    res.status(415).json({ statusCode: 415, code: ErrorCodes.VALIDATION_FAILED, message: 'Encodage de la requête non pris en charge.' });
  } else {
    next(error);
  }
};
