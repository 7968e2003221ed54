import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCodes,
  Events,
  MessagingMessages,
  MessagingRules,
  type ConversationQuery,
  type ConversationRead,
  type ConversationView,
  type MessageView,
  type SendMessageInput,
} from '@hdiya/contracts';
import { appendToOutbox, createEvent, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { BlocksService } from '../blocks/blocks.service.js';
import { DirectoryService } from '../members/directory.service.js';
import { DispatchSchedule } from '../dispatch/dispatch-schedule.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { recordReplyWait } from '../replies/reply-waits.js';
import { MESSAGE_SELECT, messageViewOf, type MessageRow } from './message-row.js';

/** `none`, a donation id, or undefined (every conversation between the two), as SQL reads it. */
const donationFilter = (donationId: ConversationQuery['donationId']) => (donationId === undefined ? 'any' : donationId === 'none' ? 'none' : String(donationId));
const DONATION_MATCHES = (column: string, param: string) => `(${param}::text = 'any' OR COALESCE(${column}::text, 'none') = ${param}::text)`;

@Injectable()
export class MessagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryService,
    private readonly blocks: BlocksService,
    private readonly notifications: NotificationsService,
    private readonly dispatch: DispatchSchedule,
  ) {}

  /**
   * Stores a message, then answers it: the sender is told only once it is committed. The same
   * `clientId` sent again (a retry after a lost answer) answers the stored message instead of
   * storing a second one.
   */
  async send(senderId: string, input: SendMessageInput): Promise<MessageView> {
    if (senderId === input.receiverId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.toSelf, 'receiverId');
    const donationId = input.donationId ?? null;
    const clientId = input.clientId ?? null;
    if (clientId) {
      const replay = await this.replayOf(senderId, clientId, input);
      if (replay) return replay;
    }
    await this.directory.ensureMember(input.receiverId);
    if (donationId !== null) await this.directory.ensureDonation(donationId);
    const id = randomUUID();
    try {
      return await this.dataSource.transaction(async (manager) => {
        await this.blocks.assertMayWrite(manager, senderId, input.receiverId);
        await manager.query(
          `INSERT INTO "${SCHEMA}"."messages" ("id", "sender_id", "receiver_id", "donation_id", "content", "client_id") VALUES ($1, $2, $3, $4, $5, $6)`,
          [id, senderId, input.receiverId, donationId, input.content, clientId],
        );
        const message = await this.viewOf(manager, id);
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.messaging.MessageSent, { message })]);
        await this.noticeOnce(manager, message);
        await recordReplyWait(manager, message);
        return message;
      });
    } catch (error) {
      // A parallel retry with the same clientId stored it first.
      if (clientId && (error as { driverError?: { code?: string } }).driverError?.code === '23505') {
        const replay = await this.replayOf(senderId, clientId, input);
        if (replay) return replay;
      }
      throw error;
    }
  }

  /** The member's latest messages, sent and received, newest first. */
  async inbox(userId: string): Promise<MessageView[]> {
    const rows = (await this.dataSource.query(
      `${MESSAGE_SELECT} WHERE msg."id" IN (
         (SELECT "id" FROM "${SCHEMA}"."messages" WHERE "sender_id" = $1 ORDER BY "created_at" DESC LIMIT $2)
         UNION ALL
         (SELECT "id" FROM "${SCHEMA}"."messages" WHERE "receiver_id" = $1 ORDER BY "created_at" DESC LIMIT $2))
       ORDER BY msg."created_at" DESC, msg."id" DESC LIMIT $2`,
      [userId, MessagingRules.inboxSize],
    )) as MessageRow[];
    return rows.map(messageViewOf);
  }

  /**
   * One page of the conversation between the two members, oldest first: the newest `limit`
   * messages, or those before `before`. Reading changes nothing (a GET may be prefetched, retried
   * or sent by another site's page): `markRead` is the member saying they saw it.
   */
  async conversation(userId: string, otherId: string, query: ConversationQuery): Promise<MessageView[]> {
    if (userId === otherId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.toSelf, 'userId');
    const rows = (await this.dataSource.query(
      `${MESSAGE_SELECT}
       WHERE LEAST(msg."sender_id", msg."receiver_id") = LEAST($1::uuid, $2::uuid)
         AND GREATEST(msg."sender_id", msg."receiver_id") = GREATEST($1::uuid, $2::uuid)
         AND ${DONATION_MATCHES('msg."donation_id"', '$3')}
         AND ($4::uuid IS NULL OR (msg."created_at", msg."id") < (SELECT "created_at", "id" FROM "${SCHEMA}"."messages" WHERE "id" = $4))
       ORDER BY msg."created_at" DESC, msg."id" DESC LIMIT $5`,
      [userId, otherId, donationFilter(query.donationId), query.before ?? null, query.limit ?? MessagingRules.conversationPageSize],
    )) as MessageRow[];
    return rows.reverse().map(messageViewOf);
  }

  /**
   * Marks read what the member received from the other in the conversation (one donation's,
   * `none`, or all of them), with its new-message notices, and tells the sender (read receipt).
   */
  async markRead(userId: string, otherId: string, read: ConversationRead): Promise<{ updated: number }> {
    if (userId === otherId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.toSelf, 'userId');
    return this.dataSource.transaction(async (manager) => {
      const [marked] = (await manager.query(
        `UPDATE "${SCHEMA}"."messages" SET "read_at" = now()
         WHERE "receiver_id" = $1 AND "sender_id" = $2 AND "read_at" IS NULL AND ${DONATION_MATCHES('"donation_id"', '$3')}
         RETURNING "donation_id", "read_at"`,
        [userId, otherId, donationFilter(read.donationId)],
      )) as [{ donation_id: number | null; read_at: Date }[], number];
      if (marked.length === 0) return { updated: 0 };
      await this.announceRead(manager, userId, otherId, marked);
      const noticeScope = read.donationId === undefined ? undefined : read.donationId === 'none' ? null : read.donationId;
      await this.notifications.markConversationRead(manager, userId, otherId, noticeScope);
      return { updated: marked.length };
    });
  }

  /**
   * A typing hint passes only inside a conversation the two already have (about `donationId` if
   * given, null: about no donation), and never where either blocked the other (the messages'
   * rule): nobody can push "is typing" to a stranger.
   */
  async mayType(userId: string, otherId: string, donationId?: number | null): Promise<{ allowed: boolean }> {
    if (userId === otherId) return { allowed: false };
    const [conversation] = (await this.dataSource.query(
      `SELECT 1 FROM "${SCHEMA}"."messages"
       WHERE LEAST("sender_id", "receiver_id") = LEAST($1::uuid, $2::uuid) AND GREATEST("sender_id", "receiver_id") = GREATEST($1::uuid, $2::uuid)
         AND ($3::int IS NULL OR COALESCE("donation_id", 0) = $3::int)
       LIMIT 1`,
      [userId, otherId, donationId === undefined ? null : (donationId ?? 0)],
    )) as unknown[];
    return { allowed: conversation !== undefined && !(await this.blocks.blockedBetween(userId, otherId)) };
  }

  /** The member's conversations (other member × donation), the most recent first. */
  async conversations(userId: string): Promise<ConversationView[]> {
    const rows = (await this.dataSource.query(
      `WITH latest AS (
         SELECT DISTINCT ON (other_id, COALESCE("donation_id", 0)) "id", other_id, "donation_id", "created_at"
         FROM (SELECT "id", "donation_id", "created_at", CASE WHEN "sender_id" = $1 THEN "receiver_id" ELSE "sender_id" END AS other_id
               FROM "${SCHEMA}"."messages" WHERE "sender_id" = $1 OR "receiver_id" = $1) mine
         ORDER BY other_id, COALESCE("donation_id", 0), "created_at" DESC, "id" DESC
       ), unread AS (
         SELECT "sender_id" AS other_id, COALESCE("donation_id", 0) AS donation_key, count(*)::int AS n
         FROM "${SCHEMA}"."messages" WHERE "receiver_id" = $1 AND "read_at" IS NULL GROUP BY 1, 2
       )
       SELECT latest."id" AS latest_id, latest.other_id, COALESCE(unread.n, 0) AS unread_count, wait."since" AS awaiting_since
       FROM latest LEFT JOIN unread ON unread.other_id = latest.other_id AND unread.donation_key = COALESCE(latest."donation_id", 0)
       -- Who owes a reply: the member, when the other's streak is unanswered and neither blocked the other.
       LEFT JOIN "${SCHEMA}"."reply_waits" wait ON wait."owing_id" = $1 AND wait."waiting_id" = latest.other_id
         AND wait."donation_key" = COALESCE(latest."donation_id", 0)
         AND NOT EXISTS (SELECT 1 FROM "${SCHEMA}"."blocks" b WHERE (b."blocker_id" = $1 AND b."blocked_id" = latest.other_id)
                                                             OR (b."blocker_id" = latest.other_id AND b."blocked_id" = $1))
       ORDER BY latest."created_at" DESC, latest."id" DESC`,
      [userId],
    )) as { latest_id: string; other_id: string; unread_count: number; awaiting_since: Date | null }[];
    if (rows.length === 0) return [];
    const messages = (await this.dataSource.query(`${MESSAGE_SELECT} WHERE msg."id" = ANY($1::uuid[])`, [rows.map((r) => r.latest_id)])) as MessageRow[];
    const byId = new Map(messages.map((row) => [row.id, messageViewOf(row)]));
    return rows.map((row) => {
      const lastMessage = byId.get(row.latest_id)!;
      return {
        otherUser: lastMessage.senderId === row.other_id ? lastMessage.sender : lastMessage.receiver,
        donation: lastMessage.donation,
        lastMessage,
        unreadCount: row.unread_count,
        awaitingReplySince: row.awaiting_since && lastMessage.senderId === row.other_id ? row.awaiting_since.toISOString() : null,
      };
    });
  }

  private async viewOf(manager: EntityManager, id: string): Promise<MessageView> {
    const [row] = (await manager.query(`${MESSAGE_SELECT} WHERE msg."id" = $1`, [id])) as MessageRow[];
    return messageViewOf(row!);
  }

  private async replayOf(senderId: string, clientId: string, input: SendMessageInput): Promise<MessageView | null> {
    const [row] = (await this.dataSource.query(`${MESSAGE_SELECT} WHERE msg."sender_id" = $1 AND msg."client_id" = $2`, [senderId, clientId])) as MessageRow[];
    if (!row) return null;
    if (row.receiver_id !== input.receiverId || row.content !== input.content || row.donation_id !== (input.donationId ?? null)) {
      throw rpcError(409, ErrorCodes.MESSAGE_CLIENT_ID_REUSED, MessagingMessages.clientIdReused, 'clientId');
    }
    return messageViewOf(row);
  }

  /** One unread "new message" notice per conversation: a burst of messages is one notice. */
  private async noticeOnce(manager: EntityManager, message: MessageView): Promise<void> {
    // Serialises parallel sends in one conversation, so two do not both find no notice.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`notice:${message.receiverId}:${message.senderId}:${message.donationId ?? 'none'}`]);
    if (await this.notifications.hasUnreadMessageNotice(manager, message.receiverId, message.senderId, message.donationId)) {
      // The notice stands for this message too: renewed, it reaches an away member again (decision 0027).
      return this.dispatch.renewMessageNotice(manager, message.receiverId, message.senderId, message.donationId);
    }
    await this.notifications.notify(manager, message.receiverId, 'message_received', {
      senderId: message.senderId,
      senderName: message.sender.displayName,
      donationId: message.donationId,
      title: message.donation?.title ?? null,
    });
  }

  /** One read receipt per conversation whose messages were just read. */
  private async announceRead(manager: EntityManager, readerId: string, senderId: string, read: { donation_id: number | null; read_at: Date }[]): Promise<void> {
    const byDonation = new Map<number | null, Date>();
    for (const row of read) byDonation.set(row.donation_id, row.read_at);
    const events = [...byDonation].map(([donationId, readAt]) =>
      createEvent(Events.messaging.MessagesRead, { senderId, receipt: { readerId, donationId, readAt: readAt.toISOString() } }),
    );
    if (events.length > 0) await appendToOutbox(manager, SCHEMA, events);
  }
}
