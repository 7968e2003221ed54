import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes, Messages } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { User } from '../core/user.entity.js';
import { AccountMails } from '../mail/account-mails.js';
import { hashMailedToken, newMailedToken } from '../mail/mailed-token.js';
import { EmailVerification } from './email-verification.entity.js';

const LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const invalidLink = () => rpcError(400, ErrorCodes.VERIFICATION_TOKEN_INVALID, Messages.verificationTokenInvalid, 'token');

/** Address verification: a one-use link for the member's current address, at sign-up and at each change. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mails: AccountMails,
  ) {}

  /** Records a link for the user's current address and mails it, in the caller's transaction. */
  async issue(manager: EntityManager, user: User): Promise<void> {
    const { token, tokenHash } = newMailedToken();
    await manager.insert(EmailVerification, {
      id: randomUUID(),
      userId: user.id,
      email: user.email,
      tokenHash,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      usedAt: null,
    });
    await this.mails.emailVerification(manager, user, token);
  }

  /** Verifies the address the link was sent to, if it is still the member's; once, within its lifetime. */
  async verify(token: string): Promise<{ userId: string; message: string }> {
    return this.dataSource.transaction(async (manager) => {
      const link = await manager.findOne(EmailVerification, { where: { tokenHash: hashMailedToken(token) }, lock: { mode: 'pessimistic_write' } });
      if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) throw invalidLink();
      const user = await manager.findOne(User, { where: { id: link.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user || user.email !== link.email) throw invalidLink();
      link.usedAt = new Date();
      await manager.save(link);
      if (!user.emailVerifiedAt) {
        user.emailVerifiedAt = new Date();
        await manager.save(user);
      }
      return { userId: user.id, message: Messages.emailVerified };
    });
  }

  /** A new link for the member's current address, unless it is verified already. */
  async resend(userId: string): Promise<{ sent: boolean; message: string }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { id: userId } });
      if (!user) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
      if (user.emailVerifiedAt) return { sent: false, message: Messages.emailAlreadyVerified };
      await this.issue(manager, user);
      return { sent: true, message: Messages.verificationSent };
    });
  }
}
