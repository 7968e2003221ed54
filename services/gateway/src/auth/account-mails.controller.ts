import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ResetPasswordSchema, Rpc, VerifyEmailSchema, type ResetPasswordInput, type VerifyEmailInput } from '@hdiya/contracts';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { MemberSessions } from './member-sessions.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { JsonBody } from '../input/json-body.decorator.js';

/**
 * What the links of account mails lead to. The web pages post the token (a mail scanner that
 * fetches a link does not use it up); only the users service can tell a token good.
 */
@Controller('api')
export class AccountMailsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: RateLimits,
    private readonly memberSessions: MemberSessions,
  ) {}

  /** A new password from a mailed link; then every session of that member ends, sockets too. */
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@JsonBody(new ValidatedBody(ResetPasswordSchema)) input: ResetPasswordInput, @Req() req: Request): Promise<{ message: string }> {
    await this.limits.consumeForm(req.ip);
    const { userId, message } = await this.services.call(Rpc.users.resetPassword, input);
    await this.memberSessions.endAll(userId);
    return { message };
  }

  /** Works signed in or not: the token alone says which address it verifies. */
  @Post('verify-email')
  @HttpCode(200)
  async verifyEmail(@JsonBody(new ValidatedBody(VerifyEmailSchema)) input: VerifyEmailInput, @Req() req: Request): Promise<{ message: string; emailVerified: true }> {
    await this.limits.consumeForm(req.ip);
    const { message } = await this.services.call(Rpc.users.verifyEmail, input);
    return { message, emailVerified: true };
  }

  /** "Renvoyer le lien": a new verification mail for the member's current address. */
  @Post('verify-email/resend')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async resendVerification(@CurrentUser() user: SessionUser): Promise<{ sent: boolean; message: string }> {
    // Counted against the address the link goes to: the new one asked for, else the current one.
    const account = await this.services.call(Rpc.users.get, { userId: user.id });
    const recipient = account.pendingEmail ?? account.email;
    if (account.pendingEmail || !account.emailVerified) await this.limits.consumeVerificationMail(user.id, recipient);
    return this.services.call(Rpc.users.resendVerification, { userId: user.id });
  }
}
