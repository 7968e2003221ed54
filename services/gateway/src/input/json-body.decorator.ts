import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ApiException } from '../errors/api-exception.js';

/** Set on a request whose declared JSON body exceeds its limit: the answer it gets once the guards let it through. */
const TOO_LARGE = Symbol('jsonBodyTooLarge');

type BodyRequest = Request & { [TOO_LARGE]?: ApiException };

/** The body parser left this request's body unread, too large: `JsonBody` answers `answer`. */
export function markBodyTooLarge(request: Request, answer: ApiException): void {
  (request as BodyRequest)[TOO_LARGE] = answer;
}

/**
 * `@JsonBody(new ValidatedBody(Schema))`: a route's JSON body, or the 413 of one the body parser
 * left unread (`markBodyTooLarge`). Parameters are worked out after the route's guards, so they
 * answer first (a visitor gets 401 on a members' route). Only a route that takes a body answers
 * 413; any other never reads one. In place of a global interceptor, which put every request,
 * reads included, through Nest's observable chain (docs/performance.md).
 */
export const JsonBody = createParamDecorator((_data: unknown, context: ExecutionContext): unknown => {
  const request = context.switchToHttp().getRequest<BodyRequest>();
  if (request[TOO_LARGE]) throw request[TOO_LARGE];
  return request.body;
});
