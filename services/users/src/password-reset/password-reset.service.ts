import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { ErrorCodes, Messages, type ResetPasswordInput } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { PasswordHasher } from '../accounts/password-hasher.js';
import { User } from '../core/user.entity.js';
import { AccountMails } from '../mail/account-mails.js';
import { hashMailedToken, newMailedToken } from '../mail/mailed-token.js';
import { recordAddressVerified } from '../email-verification/address-verified.js';
import { PasswordResetRequest } from './password-reset-request.entity.js';

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_ANSWER =
  'Si un compte existe pour cette adresse, vous recevrez un email avec les instructions pour réinitialiser votre mot de passe.';

/** Expired, used, forged or malformed: one answer, so a link tells nothing more than "ask again". */
const invalidToken = () => rpcError(400, ErrorCodes.RESET_TOKEN_INVALID, Messages.resetTokenInvalid, 'token');

/** A change of address ends every open reset request of the member (issue 45): a link to the old address is dead. */
export async function endOpenResetRequests(manager: EntityManager, userId: string): Promise<void> {
  await manager.update(PasswordResetRequest, { userId, usedAt: IsNull() }, { expiresAt: new Date() });
}

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly mails: AccountMails,
  ) {}

  /**
   * Records the request and, for an existing account, a one-hour token of which only the SHA-256
   * is kept: whoever reads the database cannot reset anyone's password. The raw token goes only
   * into the mail, written to the mail outbox in the same transaction (decision 0024). No event:
   * nothing consumed one, and it carried the address onto the stream (decision 0076).
   * The answer is the same either way: no account enumeration.
   */
  async request(email: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { email } });
      const { token, tokenHash } = newMailedToken();
      const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
      const request = manager.create(PasswordResetRequest, {
        id: randomUUID(),
        email,
        userId: user?.id ?? null,
        tokenHash: user ? tokenHash : null,
        expiresAt: user ? expiresAt : null,
        usedAt: null,
      });
      await manager.save(request);
      if (!user) return;
      await this.mails.passwordReset(manager, user, token);
    });
    return { message: FORGOT_PASSWORD_ANSWER };
  }

  /**
   * Sets the new password if the token is one we mailed, unused and less than an hour old. Every
   * other link of that member stops working too; the gateway then ends the member's sessions.
   * The token is checked before the (costly) hash and again under lock, so two uses race to one.
   */
  async reset(input: ResetPasswordInput): Promise<{ userId: string; message: string }> {
    const tokenHash = hashMailedToken(input.token);
    if (!(await this.usable(this.dataSource.manager, tokenHash, false))) throw invalidToken();
    const passwordHash = await this.hasher.hash(input.password);
    return this.dataSource.transaction(async (manager) => {
      const request = await this.usable(manager, tokenHash, true);
      if (!request) throw invalidToken();
      const user = await manager.findOne(User, { where: { id: request.userId! }, lock: { mode: 'pessimistic_write' } });
      // A link works for the address it was mailed to, while that address is the member's.
      if (!user || request.email !== user.email) throw invalidToken();
      user.passwordHash = passwordHash;
      // The link reached this address: it is the member's.
      if (!user.emailVerifiedAt) await recordAddressVerified(manager, user);
      await manager.save(user);
      await manager.update(PasswordResetRequest, { userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      return { userId: user.id, message: Messages.passwordResetDone };
    });
  }

  private async usable(manager: EntityManager, tokenHash: string, lock: boolean): Promise<PasswordResetRequest | null> {
    const request = await manager.findOne(PasswordResetRequest, { where: { tokenHash }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!request?.userId || request.usedAt || !request.expiresAt || request.expiresAt.getTime() <= Date.now()) return null;
    return request;
  }
}
