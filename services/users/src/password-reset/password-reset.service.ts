import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createEvent, EventTypes, type PasswordResetRequestedV1 } from '@hdiya/contracts';
import { appendToOutbox } from '@hdiya/platform';
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
   * Records the request and, for an existing account, emits `PasswordResetRequested` with a
   * one-hour token for the mailer. The answer is the same either way: no account enumeration.
   */
  async request(email: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { email } });
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
      const request = manager.create(PasswordResetRequest, {
        id: randomUUID(),
        email,
        userId: user?.id ?? null,
        tokenHash: user ? createHash('sha256').update(token).digest('hex') : null,
        expiresAt: user ? expiresAt : null,
      });
      await manager.save(request);
      if (!user) return;
      const payload: PasswordResetRequestedV1 = {
        userId: user.id,
        email: user.email,
        resetToken: token,
        expiresAt: expiresAt.toISOString(),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent('users', EventTypes.users.PasswordResetRequested, payload)]);
    });
    return { message: FORGOT_PASSWORD_ANSWER };
  }
}
