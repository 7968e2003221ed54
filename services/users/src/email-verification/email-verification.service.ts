import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes, Messages } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { takenFieldOf, TakenMessages } from '../accounts/unique-violation.js';
import { User } from '../core/user.entity.js';
import { endOpenResetRequests } from '../password-reset/password-reset.service.js';
import { AccountMails } from '../mail/account-mails.js';
import { hashMailedToken, newMailedToken } from '../mail/mailed-token.js';
import { recordAddressVerified } from './address-verified.js';
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

  /**
   * Records a link for the address waiting to be verified (the new one when a change waits, else
   * the current one) and mails it, in the caller's transaction.
   */
  async issue(manager: EntityManager, user: User): Promise<void> {
    const { token, tokenHash } = newMailedToken();
    const email = user.pendingEmail ?? user.email;
    await manager.insert(EmailVerification, {
      id: randomUUID(),
      userId: user.id,
      email,
      tokenHash,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      usedAt: null,
    });
    await this.mails.emailVerification(manager, { email, language: user.language }, token);
  }

  /**
   * A change of address was asked for (`user.pendingEmail`): links to an address asked for before
   * end, the new address gets its link, and the current one is told, in case it was not its owner.
   */
  async askForNewAddress(manager: EntityManager, user: User): Promise<void> {
    await this.endOpenLinks(manager, user, [user.email]);
    await this.issue(manager, user);
    await this.mails.addressChangeAsked(manager, user, user.pendingEmail!);
  }

  /** The member typed their current address again: the links to the one they had asked for end. */
  async withdrawNewAddress(manager: EntityManager, user: User): Promise<void> {
    await this.endOpenLinks(manager, user, [user.email]);
  }

  /**
   * Verifies the address the link was sent to: the member's current one, or the new one they asked
   * for, which then becomes theirs (a reset link mailed to the old one dies). Once, within its
   * lifetime; a link to an address no longer current nor asked for is refused.
   */
  async verify(token: string): Promise<{ userId: string; message: string }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const link = await manager.findOne(EmailVerification, { where: { tokenHash: hashMailedToken(token) }, lock: { mode: 'pessimistic_write' } });
        if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) throw invalidLink();
        const user = await manager.findOne(User, { where: { id: link.userId }, lock: { mode: 'pessimistic_write' } });
        if (!user || (user.email !== link.email && user.pendingEmail !== link.email)) throw invalidLink();
        link.usedAt = new Date();
        await manager.save(link);
        if (user.pendingEmail === link.email) {
          user.email = link.email;
          user.pendingEmail = null;
          await recordAddressVerified(manager, user);
          await manager.save(user);
          await endOpenResetRequests(manager, user.id);
          await this.endOpenLinks(manager, user, []);
        } else if (!user.emailVerifiedAt) {
          await recordAddressVerified(manager, user);
          await manager.save(user);
        }
        return { userId: user.id, message: Messages.emailVerified };
      });
    } catch (error) {
      // Taken since it was asked for: the address stays waiting, the account keeps its own.
      if (takenFieldOf(error)?.field === 'email') throw rpcError(409, ErrorCodes.EMAIL_TAKEN, TakenMessages.EMAIL_TAKEN, 'email');
      throw error;
    }
  }

  /** Ends the member's open links, but those to `keep`. */
  private async endOpenLinks(manager: EntityManager, user: User, keep: string[]): Promise<void> {
    const links = manager.createQueryBuilder().update(EmailVerification).set({ expiresAt: new Date() }).where('user_id = :userId AND used_at IS NULL', { userId: user.id });
    if (keep.length > 0) links.andWhere('email NOT IN (:...keep)', { keep });
    await links.execute();
  }

  /** A new link for the address waiting to be verified (the new one asked for, else the current one), unless none waits. */
  async resend(userId: string): Promise<{ sent: boolean; message: string }> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { id: userId } });
      if (!user) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
      if (user.emailVerifiedAt && !user.pendingEmail) return { sent: false, message: Messages.emailAlreadyVerified };
      await this.issue(manager, user);
      return { sent: true, message: Messages.verificationSent };
    });
  }
}
