import { Controller, Get, HttpCode, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ErrorCodes,
  ForgotPasswordSchema,
  Rpc,
  SignupSchema,
  UpdateProfileSchema,
  type AccountView,
  type ApiErrorBody,
  type CurrentAccountView,
  type ForgotPasswordInput,
  type SignupInput,
  type UpdateProfileInput,
} from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { SocketServer } from '../realtime/socket-server.js';
import { ServiceClient } from '../rpc/service-client.js';
import { isCrossSiteNavigation } from '../security/origin-check.js';
import { RateLimits } from '../security/rate-limits.js';
import { CurrentAccountService } from './current-account.service.js';
import { KnownDevices } from './known-device.js';
import { LoginGuard } from './login.guard.js';
import { MemberSessions } from './member-sessions.js';
import { SESSION_COOKIE } from '../session/session.middleware.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { isSignedIn, NOT_SIGNED_IN, SignedInGuard } from '../session/signed-in.guard.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** A 409 "already taken": the answer that tells whether someone is a member. */
const isConflict = (error: unknown) => error instanceof ApiException && error.getStatus() === 409;

@Controller('api')
export class AuthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly currentAccount: CurrentAccountService,
    private readonly limits: RateLimits,
    private readonly sockets: SocketServer,
    private readonly devices: KnownDevices,
    private readonly memberSessions: MemberSessions,
  ) {}

  /** Creates the account and signs the member in (docs/product.md#information-and-account-pages, "Inscription réussie"). */
  @Post('signup')
  async signup(
    @JsonBody(new ValidatedBody(SignupSchema)) input: SignupInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CurrentAccountView> {
    await this.limits.consumeSignup(req.ip);
    // Taken before trying (a parallel burst cannot outrun it), given back unless the answer was a conflict.
    await this.limits.consumeSignupConflict(req.ip);
    const account = await this.services.call(Rpc.users.signup, input).catch(async (error: unknown) => {
      if (!isConflict(error)) await this.limits.refundSignupConflict(req.ip);
      throw error;
    });
    await this.limits.refundSignupConflict(req.ip);
    await new Promise<void>((resolve, reject) => req.logIn(account, (error) => (error ? reject(error) : resolve())));
    await this.memberSessions.track(account.id, req.session.id);
    this.devices.remember(req, res, account.id);
    return this.currentAccount.withPoints(account);
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  login(@Req() req: Request): Promise<CurrentAccountView> {
    return this.currentAccount.withPoints(req.user as AccountView);
  }

  /** A link, as the older client uses it (docs/api.md#the-older-client); ignored when another site triggers it. */
  @Get('logout')
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!isCrossSiteNavigation(req) && isSignedIn(req)) {
      await this.sockets.closeSession(req.session.id);
      await this.memberSessions.forget((req.user as SessionUser).id, req.session.id);
      await new Promise<void>((resolve) => req.logOut(() => resolve()));
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      res.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    res.redirect(302, '/');
  }

  @Get('auth/user')
  async me(@Req() req: Request, @CurrentUser() user: SessionUser | undefined): Promise<CurrentAccountView> {
    if (!user) throw new ApiException(401, ErrorCodes.UNAUTHENTICATED, NOT_SIGNED_IN);
    try {
      return await this.currentAccount.load(user.id);
    } catch (error) {
      // The account is gone (deleted by moderation) or suspended (decision 0057: the gateways' consumer
      // ends such sessions; one it has not reached yet ends here): end the session, answer 401.
      if (error instanceof ApiException && (error.getStatus() === 404 || (error.getResponse() as ApiErrorBody).code === ErrorCodes.MEMBER_SUSPENDED)) {
        await this.sockets.closeSession(req.session.id);
        await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        throw new ApiException(401, ErrorCodes.UNAUTHENTICATED, NOT_SIGNED_IN);
      }
      throw error;
    }
  }

  /**
   * A typed current password is a password guess: it spends one login attempt, given back unless
   * it was wrong. A new e-mail or phone may answer "taken": one of the member's and the address's
   * membership answers, given back unless it was a conflict. A new e-mail is mailed a link: one of
   * the verification mails (per member, per address it goes to), given back unless it was sent.
   */
  @Patch('auth/user')
  @UseGuards(SignedInGuard)
  async updateProfile(
    @JsonBody(new ValidatedBody(UpdateProfileSchema)) changes: UpdateProfileInput,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<CurrentAccountView> {
    // The form sends the address with every save: only a new one is mailed, so only it counts.
    const before = changes.email === undefined ? undefined : await this.services.call(Rpc.users.get, { userId: user.id });
    const newEmail = before && changes.email !== before.email && changes.email !== before.pendingEmail ? changes.email : undefined;
    const attempt = changes.currentPassword === undefined ? undefined : { address: req.ip, accountKey: user.id, knownDeviceId: this.devices.deviceFor(req, user.id) };
    const mayConflict = changes.email !== undefined || changes.phone !== undefined;
    if (attempt) await this.limits.consumeLoginAttempt(attempt);
    if (mayConflict) {
      await this.limits.consumeProfileConflict(req.ip, user.id).catch(async (error: unknown) => {
        if (attempt) await this.limits.refundLoginAttempt(attempt);
        throw error;
      });
    }
    if (newEmail !== undefined) {
      await this.limits.consumeVerificationMail(user.id, newEmail).catch(async (error: unknown) => {
        if (attempt) await this.limits.refundLoginAttempt(attempt);
        if (mayConflict) await this.limits.refundProfileConflict(req.ip, user.id);
        throw error;
      });
    }
    let account: AccountView;
    try {
      account = await this.services.call(Rpc.users.updateProfile, { userId: user.id, changes });
    } catch (error) {
      const wrongPassword = error instanceof ApiException && (error.getResponse() as ApiErrorBody).code === ErrorCodes.CURRENT_PASSWORD_WRONG;
      if (attempt && !wrongPassword) await this.limits.refundLoginAttempt(attempt);
      if (mayConflict && !isConflict(error)) await this.limits.refundProfileConflict(req.ip, user.id);
      if (newEmail !== undefined) await this.limits.refundVerificationMail(user.id, newEmail);
      throw error;
    }
    if (attempt) await this.limits.refundLoginAttempt(attempt);
    if (mayConflict) await this.limits.refundProfileConflict(req.ip, user.id);
    return this.currentAccount.withPoints(account);
  }

  /** Always the same answer, whether or not the address has an account (a mail only for a member's). */
  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(@JsonBody(new ValidatedBody(ForgotPasswordSchema)) input: ForgotPasswordInput, @Req() req: Request) {
    await this.limits.consumePasswordReset(req.ip, input.email);
    return this.services.call(Rpc.users.forgotPassword, input);
  }
}
