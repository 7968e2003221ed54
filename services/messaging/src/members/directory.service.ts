import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { DataSource, type EntityManager } from 'typeorm';
import { displayName, ErrorCodes, isDeletedMemberName, Messages, MessagingMessages, Rpc } from '@hdiya/contracts';
import { callService, firstRow, prepared, RpcRefusal, rpcError, RpcUnavailable, sql, write } from '@hdiya/platform';
import { LOOKUP_RPC, MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
import { UNKNOWN_MEMBER_NAME } from './member-view.js';

/** On the send path of every message: compiled once. */
const knownMember = prepared((userId: string) => db.selectFrom('members').select(['user_id', 'username']).where('user_id', '=', userId));

/** A member nobody knows, as a send or a block answers it. */
export const memberNotFound = (field = 'receiverId') => rpcError(404, ErrorCodes.USER_NOT_FOUND, MessagingMessages.receiverNotFound, field);
/** A donation that does not exist or was deleted. */
export const donationNotFound = () => rpcError(404, ErrorCodes.DONATION_NOT_FOUND, MessagingMessages.donationNotFound, 'donationId');

/**
 * Members and donations as this service knows them: the read models the users and donations
 * events keep, and, for one just created whose event has not arrived yet, one question to the
 * service that owns it. What that answer gives is stored as older than any event, so the
 * event's own data replaces it.
 */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOOKUP_RPC) private readonly client: ClientProxy,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  /** Refuses with 404 when no such member exists (a deleted member's tombstone is nobody to write to). */
  async ensureMember(userId: string, field = 'receiverId'): Promise<void> {
    const known = await firstRow(this.dataSource.manager, knownMember(userId));
    if (known && isDeletedMemberName(known.username)) throw memberNotFound(field);
    if (known) return;
    const profile = await this.lookup(() => callService(this.client, Rpc.users.getPublic, { userId }, this.config.LOOKUP_RPC_TIMEOUT_MS), () => memberNotFound(field));
    await write(
      this.dataSource.manager,
      db
        .insertInto('members')
        .values({
          user_id: userId,
          username: profile.displayName,
          first_name: profile.firstName,
          last_name: profile.lastName,
          profile_image_url: profile.profileImageUrl,
          updated_at: sql<Date>`'-infinity'`,
        })
        .onConflict((conflict) => conflict.doNothing()),
    );
  }

  /** Refuses with 404 when the donation does not exist or was deleted. */
  async ensureDonation(donationId: number): Promise<void> {
    const known = await firstRow(this.dataSource.manager, db.selectFrom('donations').select('deleted').where('donation_id', '=', donationId));
    if (known?.deleted) throw donationNotFound();
    if (known) return;
    const donation = await this.lookup(() => callService(this.client, Rpc.donations.get, { donationId }, this.config.LOOKUP_RPC_TIMEOUT_MS), donationNotFound);
    await write(
      this.dataSource.manager,
      db
        .insertInto('donations')
        .values({ donation_id: donationId, owner_id: donation.owner.id, title: donation.title })
        .onConflict((conflict) => conflict.doNothing()),
    );
  }

  /** The name notifications show for a member ("Amina B."), from the read model. */
  async nameOf(manager: EntityManager, userId: string): Promise<string> {
    const row = await firstRow(manager, db.selectFrom('members').select(['username', 'first_name', 'last_name']).where('user_id', '=', userId));
    return row ? displayName({ username: row.username, firstName: row.first_name, lastName: row.last_name }) : UNKNOWN_MEMBER_NAME;
  }

  private async lookup<T>(call: () => Promise<T>, notFound: () => Error): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof RpcRefusal && error.body.status === 404) throw notFound();
      if (error instanceof RpcUnavailable) throw rpcError(503, ErrorCodes.SERVICE_UNAVAILABLE, Messages.serviceUnavailable);
      throw error;
    }
  }
}
