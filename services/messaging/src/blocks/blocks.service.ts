import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes, MessagingMessages, type MessageMemberView } from '@hdiya/contracts';
import { prepared, rows, rpcError, write } from '@hdiya/platform';
import { db } from '../database/db.js';
import { DirectoryService } from '../members/directory.service.js';
import { memberViewOf } from '../members/member-view.js';

/** On the send path of every message: compiled once. */
const blockersOf = prepared((a: string, b: string) =>
  db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])])),
);

/** A message refused because of a block: the blocker is told how to undo it. */
export const blockedRefusal = (byReceiver: boolean) =>
  rpcError(403, ErrorCodes.MESSAGE_BLOCKED, byReceiver ? MessagingMessages.blockedByReceiver : MessagingMessages.youBlocked, 'receiverId');

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
    await write(
      this.dataSource.manager,
      db.insertInto('blocks').values({ blocker_id: userId, blocked_id: otherId }).onConflict((conflict) => conflict.doNothing()),
    );
    return { blocked: true };
  }

  async unblock(userId: string, otherId: string): Promise<{ blocked: false }> {
    await write(this.dataSource.manager, db.deleteFrom('blocks').where('blocker_id', '=', userId).where('blocked_id', '=', otherId));
    return { blocked: false };
  }

  async blockedBy(userId: string): Promise<MessageMemberView[]> {
    const blocked = await rows(
      this.dataSource.manager,
      db
        .selectFrom('blocks as b')
        .leftJoin('members as m', 'm.user_id', 'b.blocked_id')
        .select(['b.blocked_id', 'm.username', 'm.first_name', 'm.last_name', 'm.profile_image_url'])
        .where('b.blocker_id', '=', userId)
        .orderBy('b.created_at', 'desc'),
    );
    return blocked.map((row) => memberViewOf(row.blocked_id, row));
  }

  /** Refuses a message when either member blocked the other (the blocker is told how to undo it). */
  async assertMayWrite(manager: EntityManager, senderId: string, receiverId: string): Promise<void> {
    const blockers = await this.blockersBetween(manager, senderId, receiverId);
    if (blockers.includes(receiverId)) throw blockedRefusal(true);
    if (blockers.length > 0) throw blockedRefusal(false);
  }

  /** Whether either member blocked the other. */
  async blockedBetween(a: string, b: string): Promise<boolean> {
    return (await this.blockersBetween(this.dataSource.manager, a, b)).length > 0;
  }

  /** Which of the two members blocked the other (none, one or both). */
  private async blockersBetween(manager: EntityManager, a: string, b: string): Promise<string[]> {
    const blockers = await rows(manager, blockersOf(a, b));
    return blockers.map((row) => row.blocker_id);
  }
}
