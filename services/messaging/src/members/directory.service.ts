import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { DataSource, type EntityManager } from 'typeorm';
import { displayName, ErrorCodes, Messages, MessagingMessages, Rpc } from '@hdiya/contracts';
import { callService, RpcRefusal, rpcError, RpcUnavailable } from '@hdiya/platform';
import { LOOKUP_RPC, MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
import { UNKNOWN_MEMBER_NAME } from './member-view.js';

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

  /** Refuses with 404 when no such member exists. */
  async ensureMember(userId: string, field = 'receiverId'): Promise<void> {
    const [known] = (await this.dataSource.query(`SELECT 1 FROM "${SCHEMA}"."members" WHERE "user_id" = $1`, [userId])) as unknown[];
    if (known) return;
    const profile = await this.lookup(() => callService(this.client, Rpc.users.getPublic, { userId }, this.config.LOOKUP_RPC_TIMEOUT_MS), () =>
      rpcError(404, ErrorCodes.USER_NOT_FOUND, MessagingMessages.receiverNotFound, field),
    );
    await this.dataSource.query(
      `INSERT INTO "${SCHEMA}"."members" ("user_id", "username", "first_name", "last_name", "profile_image_url", "updated_at")
       VALUES ($1, $2, $3, $4, $5, '-infinity') ON CONFLICT DO NOTHING`,
      [userId, profile.displayName, profile.firstName, profile.lastName, profile.profileImageUrl],
    );
  }

  /** Refuses with 404 when the donation does not exist or was deleted. */
  async ensureDonation(donationId: number): Promise<void> {
    const [known] = (await this.dataSource.query(`SELECT "deleted" FROM "${SCHEMA}"."donations" WHERE "donation_id" = $1`, [donationId])) as {
      deleted: boolean;
    }[];
    const notFound = () => rpcError(404, ErrorCodes.DONATION_NOT_FOUND, MessagingMessages.donationNotFound, 'donationId');
    if (known?.deleted) throw notFound();
    if (known) return;
    const donation = await this.lookup(() => callService(this.client, Rpc.donations.get, { donationId }, this.config.LOOKUP_RPC_TIMEOUT_MS), notFound);
    await this.dataSource.query(
      `INSERT INTO "${SCHEMA}"."donations" ("donation_id", "owner_id", "title") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [donationId, donation.owner.id, donation.title],
    );
  }

  /** The name notifications show for a member ("Amina B."), from the read model. */
  async nameOf(manager: EntityManager, userId: string): Promise<string> {
    const [row] = (await manager.query(`SELECT "username", "first_name", "last_name" FROM "${SCHEMA}"."members" WHERE "user_id" = $1`, [
      userId,
    ])) as { username: string; first_name: string | null; last_name: string | null }[];
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
