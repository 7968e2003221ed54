import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AccountDeletionMessages, ErrorCodes, Events, Messages, type MemberDeletedV1 } from '@hdiya/contracts';
import { appendToOutbox, crashpoint, createEvent, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { PasswordHasher } from '../accounts/password-hasher.js';
import { User } from '../core/user.entity.js';
import { DeletionMails } from '../mail/deletion-mails.js';

/**
 * A member deletes their own account (issue 47, decision 0074). Here, in one transaction: the
 * account row goes (its username, e-mail and phone free at once, so signing in answers as for an
 * unknown account and the same address may sign up again), with everything that names the member
 * in this schema; `users.MemberDeleted.v1` goes to the outbox for the other services to follow;
 * the last mail is queued, its row deleted once sent. All or nothing.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly mails: DeletionMails,
  ) {}

  /** 403 unless the password is the member's (argon2, before any row is locked). */
  async checkPassword(userId: string, password: string): Promise<{ ok: true }> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      throw rpcError(403, ErrorCodes.CURRENT_PASSWORD_WRONG, Messages.currentPasswordWrong, 'currentPassword');
    }
    return { ok: true };
  }

  async delete(userId: string, password: string): Promise<{ deleted: true }> {
    await this.checkPassword(userId, password);
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
      // A moderator's acts stay in the append-only moderation log under their id: demoted first (decision 0057).
      if (user.role === 'admin') throw rpcError(403, ErrorCodes.MODERATOR_NOT_DELETABLE, AccountDeletionMessages.moderator);
      const addresses = [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])];
      const q = (sql: string, params: unknown[]) => manager.query(sql, params);

      // Mails to them, queued or sent: dropped (the last one is queued below).
      await q(`DELETE FROM "${SCHEMA}"."mail_outbox" WHERE "recipient" = ANY($1)`, [addresses]);
      // What they wrote to the team, and the password resets asked for their addresses.
      await q(`DELETE FROM "${SCHEMA}"."contact_messages" WHERE "user_id" = $1 OR "email" = ANY($2)`, [userId, addresses]);
      await q(`DELETE FROM "${SCHEMA}"."password_reset_requests" WHERE "user_id" = $1 OR "email" = ANY($2)`, [userId, addresses]);
      // Verifications, reports made or received and suspensions go with the row (ON DELETE CASCADE).
      await q(`UPDATE "${SCHEMA}"."users" SET "suspension_id" = NULL WHERE "id" = $1`, [userId]);
      await q(`DELETE FROM "${SCHEMA}"."users" WHERE "id" = $1`, [userId]);

      const payload: MemberDeletedV1 = { memberId: userId, tombstoneId: randomUUID(), deletedAt: new Date().toISOString() };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.MemberDeleted, payload)]);
      await this.mails.deleted(manager, user);
      crashpoint('users.delete-account.before-commit');
      return { deleted: true as const };
    });
  }
}
