import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes, MessagingMessages, type MessageMemberView } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { DirectoryService } from '../members/directory.service.js';
import { memberColumns, memberViewOf } from '../members/member-view.js';

/** A member may block another: no message passes between them, in either direction, until unblocked. */
@Injectable()
export class BlocksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryService,
  ) {}

  async block(userId: string, otherId: string): Promise<{ blocked: true }> {
    if (userId === otherId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.blockSelf, 'userId');
    await this.directory.ensureMember(otherId, 'userId');
    await this.dataSource.query(`INSERT INTO "${SCHEMA}"."blocks" ("blocker_id", "blocked_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, otherId]);
    return { blocked: true };
  }

  async unblock(userId: string, otherId: string): Promise<{ blocked: false }> {
    await this.dataSource.query(`DELETE FROM "${SCHEMA}"."blocks" WHERE "blocker_id" = $1 AND "blocked_id" = $2`, [userId, otherId]);
    return { blocked: false };
  }

  async blockedBy(userId: string): Promise<MessageMemberView[]> {
    const rows = (await this.dataSource.query(
      `SELECT b."blocked_id", ${memberColumns('m', 'm_')} FROM "${SCHEMA}"."blocks" b
       LEFT JOIN "${SCHEMA}"."members" m ON m."user_id" = b."blocked_id"
       WHERE b."blocker_id" = $1 ORDER BY b."created_at" DESC`,
      [userId],
    )) as ({ blocked_id: string } & Record<string, unknown>)[];
    return rows.map((row) => memberViewOf(row.blocked_id, row, 'm_'));
  }

  /** Refuses a message when either member blocked the other (the blocker is told how to undo it). */
  async assertMayWrite(manager: EntityManager, senderId: string, receiverId: string): Promise<void> {
    const blockers = await this.blockersBetween(manager, senderId, receiverId);
    if (blockers.includes(receiverId)) throw rpcError(403, ErrorCodes.MESSAGE_BLOCKED, MessagingMessages.blockedByReceiver, 'receiverId');
    if (blockers.length > 0) throw rpcError(403, ErrorCodes.MESSAGE_BLOCKED, MessagingMessages.youBlocked, 'receiverId');
  }

  /** Whether either member blocked the other. */
  async blockedBetween(a: string, b: string): Promise<boolean> {
    return (await this.blockersBetween(this.dataSource.manager, a, b)).length > 0;
  }

  /** Which of the two members blocked the other (none, one or both). */
  private async blockersBetween(manager: EntityManager, a: string, b: string): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT "blocker_id" FROM "${SCHEMA}"."blocks"
       WHERE ("blocker_id" = $1 AND "blocked_id" = $2) OR ("blocker_id" = $2 AND "blocked_id" = $1)`,
      [a, b],
    )) as { blocker_id: string }[];
    return rows.map((row) => row.blocker_id);
  }
}
