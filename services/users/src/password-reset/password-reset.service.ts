import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, type PasswordResetRequestedV2 } from '@hdiya/contracts';
import { appendToOutbox, createEvent } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { User } from '../accounts/user.entity.js';
import { PasswordResetRequest } from './password-reset-request.entity.js';

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_ANSWER =
  'Si un compte existe pour cette adresse, vous recevrez un email avec les instructions pour réinitialiser votre mot de passe.';

@Injectable()
export class PasswordResetService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records the request and, for an existing account, a one-hour token of which only the SHA-256
   * is kept, in the table and in the `PasswordResetRequested` event alike: whoever reads the
   * database, the outbox or the stream cannot reset anyone's password. (No mail is sent yet; the
   * mailer, when it comes, gets the raw token in this process, never through the stream.)
   * The answer is the same either way: no account enumeration.
   */
  async request(email: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { email } });
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
      const tokenHash = createHash('sha256').update(token).digest('hex');
      const request = manager.create(PasswordResetRequest, {
        id: randomUUID(),
        email,
        userId: user?.id ?? null,
        tokenHash: user ? tokenHash : null,
        expiresAt: user ? expiresAt : null,
      });
      await manager.save(request);
      if (!user) return;
      const payload: PasswordResetRequestedV2 = {
        requestId: request.id,
        userId: user.id,
        email: user.email,
        tokenHash,
        expiresAt: expiresAt.toISOString(),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.PasswordResetRequested, payload)]);
    });
    return { message: FORGOT_PASSWORD_ANSWER };
  }
}
