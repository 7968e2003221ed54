import { HttpException, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { LoginSchema, Rpc } from '@hdiya/contracts';
import { validateBody } from '../http/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';

/**
 * Validates the form, takes one attempt from the account's and the address's login allowance
 * (before the password is checked, so parallel guesses cannot outrun the limit; given back when
 * the password was right), checks the password through the local strategy and opens the session
 * (passport regenerates the session id: no fixation).
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly limits: RateLimits,
    private readonly services: ServiceClient,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const credentials = validateBody(LoginSchema, request.body);
    request.body = credentials;
    const address = request.ip;
    // The username and the e-mail of one account share one allowance.
    const { accountId } = await this.services.call(Rpc.users.resolveLogin, { identifier: credentials.username });
    const accountKey = accountId ?? `unknown:${credentials.username.toLowerCase()}`;
    await this.limits.consumeLoginAttempt(address, accountKey);
    try {
      await super.canActivate(context);
    } catch (error) {
      // Only a wrong password spends the attempt; an outage must not lock members out.
      if (!(error instanceof HttpException && error.getStatus() === 401)) await this.limits.refundLoginAttempt(address, accountKey);
      throw error;
    }
    await this.limits.refundLoginAttempt(address, accountKey);
    await super.logIn(request);
    return true;
  }
}
