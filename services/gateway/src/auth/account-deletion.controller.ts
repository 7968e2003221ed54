import { Controller, Delete, HttpCode, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountDeletionMessages, DeleteAccountSchema, ErrorCodes, Rpc, type AccountDeletedView, type ApiErrorBody, type DeleteAccountInput } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { JsonBody } from '../input/json-body.decorator.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { SESSION_COOKIE } from '../session/session.middleware.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { KnownDevices } from './known-device.js';
import { MemberSessions } from './member-sessions.js';

/** A member deletes their own account (issue 47, decision 0074). */
@Controller('api')
export class AccountDeletionController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: RateLimits,
    private readonly devices: KnownDevices,
    private readonly memberSessions: MemberSessions,
  ) {}

  /**
   * The password first (a guess: it spends a login attempt, given back when right), then the
   * gifts in progress (a 409 naming them unless the member confirmed cancelling them), then the
   * users service erases the account at once and the other services follow its event. Every
   * session and socket ends here; the gateways' consumer of the event makes sure of it.
   */
  @Delete('auth/user')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async deleteAccount(
    @JsonBody(new ValidatedBody(DeleteAccountSchema)) input: DeleteAccountInput,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountDeletedView> {
    const attempt = { address: req.ip, accountKey: user.id, knownDeviceId: this.devices.deviceFor(req, user.id) };
    await this.limits.consumeLoginAttempt(attempt);
    try {
      await this.services.call(Rpc.users.checkPassword, { userId: user.id, currentPassword: input.currentPassword });
    } catch (error) {
      const wrongPassword = error instanceof ApiException && (error.getResponse() as ApiErrorBody).code === ErrorCodes.CURRENT_PASSWORD_WRONG;
      if (!wrongPassword) await this.limits.refundLoginAttempt(attempt);
      throw error;
    }
    await this.limits.refundLoginAttempt(attempt);

    const gifts = await this.services.call(Rpc.donations.giftsInProgress, { userId: user.id });
    if (gifts.length > 0 && input.cancelGiftsInProgress !== true) {
      const refusal = new ApiException(409, ErrorCodes.GIFTS_IN_PROGRESS, AccountDeletionMessages.giftsInProgress(gifts.length));
      (refusal.getResponse() as ApiErrorBody).gifts = gifts;
      throw refusal;
    }

    await this.services.call(Rpc.users.deleteAccount, { userId: user.id, currentPassword: input.currentPassword });
    await this.memberSessions.endAll(user.id);
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { deleted: true, message: AccountDeletionMessages.deleted };
  }
}
