import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';

export const NOT_SIGNED_IN = 'Vous devez être connecté.';

/** Signed in: passport set the session's member on the request, as its `isAuthenticated` tells (a visitor's read, which skips passport, never is). */
export const isSignedIn = (request: Pick<Request, 'user'>): boolean => Boolean(request.user);

@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!isSignedIn(request)) throw new ApiException(401, ErrorCodes.UNAUTHENTICATED, NOT_SIGNED_IN);
    return true;
  }
}
