import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import { ErrorCodes, Events, Messages, normalizeMoroccanPhone, PointsMessages, type AccountView, type MailRecipient, type PublicProfileView, type Role, type SignupInput, type UpdateProfileInput, type UserRegisteredV1, type UserUpdatedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { EmailVerificationService } from '../email-verification/email-verification.service.js';
import { MemberSuspensionsService } from '../moderation/member-suspensions.service.js';
import { PasswordHasher } from './password-hasher.js';
import { takenFieldOf, TakenMessages } from './unique-violation.js';
import { toAccountView, toPublicProfileView, User } from '../core/user.entity.js';

const INVALID_CREDENTIALS = 'Identifiants incorrects';

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly verification: EmailVerificationService,
    private readonly suspensions: MemberSuspensionsService,
  ) {}

  /** Creates the account and records `UserRegistered` in the same transaction. */
  async signup(input: SignupInput, role: Role = 'member'): Promise<AccountView> {
    const phone = normalizeMoroccanPhone(input.phone)!;
    await this.assertAvailable({ username: input.username, email: input.email, phone });
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = manager.create(User, {
          id: randomUUID(),
          username: input.username,
          email: input.email,
          phone,
          passwordHash,
          firstName: emptyToNull(input.firstName),
          lastName: emptyToNull(input.lastName),
          profileImageUrl: null,
          city: null,
          role,
          language: input.language ?? 'fr',
          emailVerifiedAt: null,
        });
        await manager.save(user);
        await this.verification.issue(manager, user);
        const payload: UserRegisteredV1 = {
          userId: user.id,
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          city: user.city,
          registeredAt: user.createdAt.toISOString(),
        };
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.UserRegistered, payload)]);
        return toAccountView(user);
      });
    } catch (error) {
      throw this.asTakenError(error);
    }
  }

  /** Username or e-mail plus password; the same refusal whichever part is wrong. */
  async verifyCredentials(identifier: string, password: string): Promise<AccountView> {
    const user = await this.byLoginIdentifier(identifier);
    const valid = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyAgainstNothing(password);
    if (!user || !valid) throw rpcError(401, ErrorCodes.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
    // Only after the right password: the refusal tells the member why, and nobody else anything.
    await this.suspensions.assertNotSuspended(user);
    return toAccountView(user);
  }

  async resolveLogin(identifier: string): Promise<{ accountId: string | null }> {
    return { accountId: (await this.byLoginIdentifier(identifier))?.id ?? null };
  }

  /** A username (any case) or an e-mail address names one account. */
  private byLoginIdentifier(identifier: string): Promise<User | null> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:id) OR u.email = lower(:id)', { id: identifier.trim() })
      .getOne();
  }

  /** The session's own account: a suspended member's session gets nothing (decision 0057). */
  async getAccount(userId: string): Promise<AccountView> {
    const user = await this.findOrFail(this.dataSource.manager, userId);
    await this.suspensions.assertNotSuspended(user);
    return toAccountView(user);
  }

  async getPublicProfile(userId: string): Promise<PublicProfileView> {
    return toPublicProfileView(await this.findOrFail(this.dataSource.manager, userId));
  }

  async updateProfile(userId: string, changes: UpdateProfileInput): Promise<AccountView> {
    const phone = changes.phone !== undefined ? normalizeMoroccanPhone(changes.phone)! : undefined;
    await this.assertCurrentPassword(userId, changes, phone);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await this.findOrFail(manager, userId, true);
        if (changes.firstName !== undefined) user.firstName = emptyToNull(changes.firstName);
        if (changes.lastName !== undefined) user.lastName = emptyToNull(changes.lastName);
        if (changes.city !== undefined) user.city = emptyToNull(changes.city);
        if (changes.language !== undefined) user.language = changes.language;
        // A new address waits for its own link to be opened (issue 45): until then the account
        // keeps the one it has, and typing the current address again withdraws the change.
        const newEmail = changes.email !== undefined && changes.email !== user.email && changes.email !== user.pendingEmail ? changes.email : undefined;
        if (newEmail) await this.assertAvailable({ email: newEmail }, manager);
        const withdrawn = changes.email !== undefined && changes.email === user.email && user.pendingEmail !== null;
        if (changes.email !== undefined) user.pendingEmail = changes.email === user.email ? null : changes.email;
        if (phone !== undefined && phone !== user.phone) {
          await this.assertAvailable({ phone }, manager);
          user.phone = phone;
        }
        await manager.save(user);
        if (newEmail) await this.verification.askForNewAddress(manager, user);
        if (withdrawn) await this.verification.withdrawNewAddress(manager, user);
        const payload: UserUpdatedV1 = {
          userId: user.id,
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          city: user.city,
          profileImageUrl: user.profileImageUrl,
        };
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.UserUpdated, payload)]);
        return toAccountView(user);
      });
    } catch (error) {
      throw this.asTakenError(error);
    }
  }

  /**
   * The e-mail and the phone are where a password reset and transfers go, and their "taken"
   * answers tell who is a member: changing them needs the current password (argon2, before the
   * row is locked). A password given is always checked, so a wrong one is always refused (the
   * gateway counts those like wrong logins).
   */
  private async assertCurrentPassword(userId: string, changes: UpdateProfileInput, phone: string | undefined): Promise<void> {
    const user = await this.findOrFail(this.dataSource.manager, userId);
    if (changes.currentPassword !== undefined) {
      if (await this.hasher.verify(user.passwordHash, changes.currentPassword)) return;
      throw rpcError(403, ErrorCodes.CURRENT_PASSWORD_WRONG, Messages.currentPasswordWrong, 'currentPassword');
    }
    const changesContact =
      (changes.email !== undefined && changes.email !== user.email && changes.email !== user.pendingEmail) || (phone !== undefined && phone !== user.phone);
    if (changesContact) throw rpcError(400, ErrorCodes.CURRENT_PASSWORD_REQUIRED, Messages.currentPasswordRequired, 'currentPassword');
  }

  /**
   * E-mail addresses are for their owner and moderators only (docs/product.md#privacy): the users service checks
   * the asker's role in its own records, whatever the caller claims.
   */
  async contactsFor(actorId: string, userIds: string[]): Promise<{ id: string; email: string }[]> {
    const actor = await this.dataSource.getRepository(User).findOneBy({ id: actorId });
    if (actor?.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    if (userIds.length === 0) return [];
    const users = await this.dataSource.getRepository(User).find({ select: { id: true, email: true }, where: { id: In(userIds) } });
    return users.map((u) => ({ id: u.id, email: u.email }));
  }

  /** Where and in which language to write to a member (account and notification mails); null when unknown. */
  async mailRecipient(userId: string): Promise<MailRecipient | null> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    return user ? { email: user.email, emailVerified: user.emailVerifiedAt !== null, language: user.language } : null;
  }

  /** The member with this phone number, however it is written; shown publicly (never the phone). */
  async findByPhone(phone: string): Promise<PublicProfileView> {
    const normalized = normalizeMoroccanPhone(phone);
    const user = normalized ? await this.dataSource.getRepository(User).findOneBy({ phone: normalized }) : null;
    if (!user) throw rpcError(404, ErrorCodes.RECIPIENT_NOT_FOUND, PointsMessages.recipientNotFound, 'receiverIdentifier');
    return toPublicProfileView(user);
  }

  /** Makes an existing account an administrator (used by the create-admin command). */
  async grantRole(username: string, role: Role): Promise<AccountView> {
    const repository = this.dataSource.getRepository(User);
    const user = await repository.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
    if (!user) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
    user.role = role;
    await repository.save(user);
    return toAccountView(user);
  }

  private async findOrFail(manager: EntityManager, userId: string, lock = false): Promise<User> {
    const user = await manager.findOne(User, { where: { id: userId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!user) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
    return user;
  }

  /** A friendly 409 before inserting; the unique indexes still decide when two requests race. */
  private async assertAvailable(
    fields: { username?: string; email?: string; phone?: string },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const qb = manager.getRepository(User).createQueryBuilder('u').select(['u.username', 'u.email', 'u.phone']);
    if (fields.username) qb.orWhere('lower(u.username) = lower(:username)', { username: fields.username });
    if (fields.email) qb.orWhere('u.email = :email', { email: fields.email });
    if (fields.phone) qb.orWhere('u.phone = :phone', { phone: fields.phone });
    const clash = await qb.getOne();
    if (!clash) return;
    if (fields.username && clash.username.toLowerCase() === fields.username.toLowerCase()) {
      throw rpcError(409, ErrorCodes.USERNAME_TAKEN, TakenMessages.USERNAME_TAKEN, 'username');
    }
    if (fields.email && clash.email === fields.email) {
      throw rpcError(409, ErrorCodes.EMAIL_TAKEN, TakenMessages.EMAIL_TAKEN, 'email');
    }
    throw rpcError(409, ErrorCodes.PHONE_TAKEN, TakenMessages.PHONE_TAKEN, 'phone');
  }

  private asTakenError(error: unknown): unknown {
    const taken = takenFieldOf(error);
    return taken ? rpcError(409, taken.code, TakenMessages[taken.code], taken.field) : error;
  }
}
