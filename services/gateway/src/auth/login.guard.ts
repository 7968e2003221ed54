import { HttpException, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { LoginSchema, Rpc, type AccountView } from '@hdiya/contracts';
import { validateBody } from '../input/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits, type LoginAttempt } from '../security/rate-limits.js';
import { KnownDevices } from './known-device.js';
import { MemberSessions } from './member-sessions.js';

/**
 * Validates the form, takes one attempt from the login allowances (before the password is
 * checked, so parallel guesses cannot outrun the limit; given back when the password was right;
 * a known device of the account is counted on its own), checks the password through the local
 * strategy, opens the session (passport regenerates the session id: no fixation) and marks the
 * device as known for this account.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly limits: RateLimits,
    private readonly services: ServiceClient,
    private readonly devices: KnownDevices,
    private readonly memberSessions: MemberSessions,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const credentials = validateBody(LoginSchema, request.body);
    request.body = credentials;
    // The username and the e-mail of one account share one allowance.
    const { accountId } = await this.services.call(Rpc.users.resolveLogin, { identifier: credentials.username });
    const attempt: LoginAttempt = {
      address: request.ip,
      accountKey: accountId ?? `unknown:${credentials.username.toLowerCase()}`,
      knownDeviceId: accountId ? this.devices.deviceFor(request, accountId) : undefined,
    };
    await this.limits.consumeLoginAttempt(attempt);
    try {
      await super.canActivate(context);
    } catch (error) {
      // Only a wrong password spends the attempt; an outage must not lock members out.
      if (!(error instanceof HttpException && error.getStatus() === 401)) await this.limits.refundLoginAttempt(attempt);
      throw error;
    }
    await this.limits.refundLoginAttempt(attempt);
    await super.logIn(request);
    await this.memberSessions.track((request.user as AccountView).id, request.session.id);
    this.devices.remember(request, context.switchToHttp().getResponse<Response>(), (request.user as AccountView).id);
    return true;
  }
}
