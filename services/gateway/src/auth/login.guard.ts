import { HttpException, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { LoginDto } from '@hdiya/contracts';
import { validateBody } from '../http/validated-body.pipe.js';
import { RateLimits } from '../security/rate-limits.js';

/**
 * Validates the form, applies the failed-login limits, checks the password through the local
 * strategy and opens the session (passport regenerates the session id: no fixation).
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(private readonly limits: RateLimits) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const credentials = validateBody(LoginDto, request.body);
    request.body = credentials;
    const address = request.ip ?? 'unknown';
    await this.limits.assertLoginAllowed(address, credentials.username);
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 401) {
        await this.limits.recordLoginFailure(address, credentials.username);
      }
      throw error;
    }
    await this.limits.recordLoginSuccess(credentials.username);
    await super.logIn(request);
    return true;
  }
}
