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
  type ChatPhotoKeys,
  type SendMessageInput,
  type SendPhotoMessageInput,
} from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, prepared, rows, rpcError, sql, suspendedAmong } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { BlocksService } from '../blocks/blocks.service.js';
import { DirectoryService } from '../members/directory.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { MessageEffects } from './message-effects.js';
import { messageViewOf, selectMessages } from './message-row.js';
import { refusalOf, storeMessage, type MessageDraft, type NotStored, type StoreOutcome } from './store-message.js';

/** `none`, a donation id, or undefined (every conversation between the two), as SQL reads it. */
const donationFilter = (donationId: ConversationQuery['donationId']) => (donationId === undefined ? 'any' : donationId === 'none' ? 'none' : String(donationId));

// A retry's look-up, compiled once.
const messageByClientId = prepared((senderId: string, clientId: string) => selectMessages().where('msg.sender_id', '=', senderId).where('msg.client_id', '=', clientId));

/** Thrown inside the send's transaction to roll it back (the photo's claim, the lock) when the message was not stored. */
class NotStoredRollback extends Error {
  constructor(readonly reason: NotStored) {
    super(`message not stored: ${reason}`);
  }
}

/** Two member ids as uuids, for LEAST/GREATEST: a conversation is keyed by its pair, either way (the index's order). */
const pairOf = (a: string, b: string) => [sql<string>`${a}::uuid`, sql<string>`${b}::uuid`];

@Injectable()
export class MessagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryService,
    private readonly blocks: BlocksService,
    private readonly notifications: NotificationsService,
    private readonly effects: MessageEffects,
  ) {}

  /**
   * Stores a message, then answers it: the sender is told only once it is committed. The same
   * `clientId` sent again (a retry after a lost answer) answers the stored message instead of
   * storing a second one. A photo (decision 0045) must have been registered by the sender: its
   * record becomes the message in the same transaction.
   *
   * Four round trips when the receiver and the donation are in the local directory (issue 25):
   * BEGIN, the checks and the insert (`storeMessage`), the conversation's notice and reply waits
   * with the events (`MessageEffects`), COMMIT. Anything else (a retry, a refusal, a member or donation
   * this service has not heard of yet) is found by that first statement and handled after it.
   */
  async send(senderId: string, input: SendMessageInput | SendPhotoMessageInput, photo?: ChatPhotoKeys): Promise<MessageView> {
    if (senderId === input.receiverId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.toSelf, 'receiverId');
    const draft: MessageDraft = {
      id: randomUUID(),
      senderId,
      receiverId: input.receiverId,
      donationId: input.donationId ?? null,
      content: input.content,
      clientId: input.clientId ?? null,
      photoKey: photo?.imageKey ?? null,
      thumbnailKey: photo?.thumbnailKey ?? null,
    };
    for (let lookedUp = false; ; lookedUp = true) {
      const outcome = await this.store(draft);
      if ('stored' in outcome) return outcome.stored;
      // A retry of a stored message is answered whatever the checks say now, as it was the first time.
      if (draft.clientId) {
        const replay = await this.replayOf(senderId, draft.clientId, input, photo !== undefined);
        if (replay) return replay;
      }
      const unknown = outcome.notStored === 'receiver-unknown' || outcome.notStored === 'donation-unknown';
      if (!unknown || lookedUp) throw refusalOf(outcome.notStored);
      // Just created, its event not here yet: its service is asked (404 if it does not exist), and the directory then knows it.
      await this.directory.ensureMember(draft.receiverId);
      if (draft.donationId !== null) await this.directory.ensureDonation(draft.donationId);
    }
  }

  /** One try: stored with its effects and events, or nothing written and why. */
  private async store(draft: MessageDraft): Promise<StoreOutcome> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const outcome = await storeMessage(manager, draft);
        if (!('stored' in outcome)) throw new NotStoredRollback(outcome.notStored);
        await this.effects.record(manager, outcome.stored);
        return outcome;
      });
    } catch (error) {
      if (error instanceof NotStoredRollback) return { notStored: error.reason };
      throw error;
    }
  }

  /**
   * What a photo's registration checks, as its send will: not to oneself, the receiver and the
   * donation exist. Answers the stored message when `clientId` already sent it (a retry), null otherwise.
   */
  async checkSend(senderId: string, input: SendMessageInput | SendPhotoMessageInput, withPhoto: boolean): Promise<MessageView | null> {
    if (senderId === input.receiverId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.toSelf, 'receiverId');
    if (input.clientId) {
      const replay = await this.replayOf(senderId, input.clientId, input, withPhoto);
      if (replay) return replay;
    }
    await this.directory.ensureMember(input.receiverId);
    if (input.donationId != null) await this.directory.ensureDonation(input.donationId);
    // A photo is not uploaded for a send that a suspension refuses anyway (issue 45).
    const suspended = await suspendedAmong(this.dataSource.manager, SCHEMA, [senderId, input.receiverId]);
    if (suspended.has(senderId)) throw refusalOf('sender-suspended');
    if (suspended.has(input.receiverId)) throw refusalOf('receiver-suspended');
    return null;
  }

  /** The member's latest messages, sent and received, newest first. */
  async inbox(userId: string): Promise<MessageView[]> {
    const latest = (side: 'sender_id' | 'receiver_id') =>
      db.selectFrom('messages').select('id').where(side, '=', userId).orderBy('created_at', 'desc').limit(MessagingRules.inboxSize);
    const found = await rows(
      this.dataSource.manager,
      selectMessages()
        // Each side through its own index, then the newest of both.
        .where('msg.id', 'in', sql<string>`(${latest('sender_id')} UNION ALL ${latest('receiver_id')})`)
        .orderBy('msg.created_at', 'desc')
        .orderBy('msg.id', 'desc')
        .limit(MessagingRules.inboxSize),
    );
    return found.map(messageViewOf);
  }

  /**
   * One page of the conversation between the two members, oldest first: the newest `limit`
   * messages, or those before `before`. Reading changes nothing (a GET may be prefetched, retried
   * or sent by another site's page): `markRead` is the member saying they saw it.
   */
  async conversation(userId: string, otherId: string, query: ConversationQuery): Promise<MessageView[]> {
    if (userId === otherId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.toSelf, 'userId');
    const before = query.before;
    const filter = donationFilter(query.donationId);
    const page = await rows(
      this.dataSource.manager,
      selectMessages()
        .where((eb) => eb(eb.fn<string>('least', ['msg.sender_id', 'msg.receiver_id']), '=', eb.fn<string>('least', pairOf(userId, otherId))))
        .where((eb) => eb(eb.fn<string>('greatest', ['msg.sender_id', 'msg.receiver_id']), '=', eb.fn<string>('greatest', pairOf(userId, otherId))))
        .$if(filter !== 'any', (q) => q.where((eb) => eb(eb.fn.coalesce(eb.cast<string>('msg.donation_id', 'text'), eb.val('none')), '=', filter)))
        .$if(before !== undefined, (q) =>
          q.where(
            (eb) =>
              sql<boolean>`(${eb.ref('msg.created_at')}, ${eb.ref('msg.id')}) < ${eb.selectFrom('messages').select(['created_at', 'id']).where('id', '=', before!)}`,
          ),
        )
        .orderBy('msg.created_at', 'desc')
        .orderBy('msg.id', 'desc')
        .limit(query.limit ?? MessagingRules.conversationPageSize),
    );
    return page.reverse().map(messageViewOf);
  }

  /**
   * Marks read what the member received from the other in the conversation (one donation's,
   * `none`, or all of them), with its new-message notices, and tells the sender (read receipt).
   */
  async markRead(userId: string, otherId: string, read: ConversationRead): Promise<{ updated: number }> {
    if (userId === otherId) throw rpcError(400, ErrorCodes.MESSAGE_TO_SELF, MessagingMessages.toSelf, 'userId');
    return this.dataSource.transaction(async (manager) => {
      const filter = donationFilter(read.donationId);
      const marked = await rows(
        manager,
        db
          .updateTable('messages')
          .set({ read_at: sql<Date>`now()` })
          .where('receiver_id', '=', userId)
          .where('sender_id', '=', otherId)
          .where('read_at', 'is', null)
          .$if(filter !== 'any', (q) => q.where((eb) => eb(eb.fn.coalesce(eb.cast<string>('donation_id', 'text'), eb.val('none')), '=', filter)))
          .returning(['donation_id', 'read_at']),
      );
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
    const conversation = await firstRow(
      this.dataSource.manager,
      db
        .selectFrom('messages')
        .select(sql<number>`1`.as('found'))
        .where((eb) => eb(eb.fn<string>('least', ['sender_id', 'receiver_id']), '=', eb.fn<string>('least', pairOf(userId, otherId))))
        .where((eb) => eb(eb.fn<string>('greatest', ['sender_id', 'receiver_id']), '=', eb.fn<string>('greatest', pairOf(userId, otherId))))
        .$if(donationId !== undefined, (q) => q.where((eb) => eb(eb.fn.coalesce('donation_id', eb.lit(0)), '=', donationId ?? 0)))
        .limit(1),
    );
    return { allowed: conversation !== undefined && !(await this.blocks.blockedBetween(userId, otherId)) };
  }

  /** The member's conversations (other member × donation), the most recent first. */
  async conversations(userId: string): Promise<ConversationView[]> {
    const latestRows = await rows(
      this.dataSource.manager,
      db
        // The latest message of each conversation (other member × donation).
        .with('latest', (w) =>
          w
            .selectFrom((sub) =>
              sub
                .selectFrom('messages')
                .select((eb) => [
                  'id',
                  'donation_id',
                  'created_at',
                  eb.case().when('sender_id', '=', userId).then(eb.ref('receiver_id')).else(eb.ref('sender_id')).end().as('other_id'),
                ])
                .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
                .as('mine'),
            )
            .distinctOn(['mine.other_id', (eb) => eb.fn.coalesce('mine.donation_id', eb.lit(0))])
            .select(['mine.id', 'mine.other_id', 'mine.donation_id', 'mine.created_at'])
            .orderBy('mine.other_id')
            .orderBy((eb) => eb.fn.coalesce('mine.donation_id', eb.lit(0)))
            .orderBy('mine.created_at', 'desc')
            .orderBy('mine.id', 'desc'),
        )
        .with('unread', (w) =>
          w
            .selectFrom('messages')
            .select((eb) => ['sender_id as other_id', eb.fn.coalesce('donation_id', eb.lit(0)).as('donation_key'), eb.cast<number>(eb.fn.countAll(), 'integer').as('n')])
            .where('receiver_id', '=', userId)
            .where('read_at', 'is', null)
            .groupBy(['sender_id', (eb) => eb.fn.coalesce('donation_id', eb.lit(0))]),
        )
        .selectFrom('latest')
        .leftJoin('unread', (join) =>
          join.onRef('unread.other_id', '=', 'latest.other_id').on((eb) => eb('unread.donation_key', '=', eb.fn.coalesce('latest.donation_id', eb.lit(0)))),
        )
        // Who owes a reply: the member, when the other's streak is unanswered and neither blocked the other.
        .leftJoin('reply_waits as wait', (join) =>
          join
            .on('wait.owing_id', '=', userId)
            .onRef('wait.waiting_id', '=', 'latest.other_id')
            .on((eb) => eb('wait.donation_key', '=', eb.fn.coalesce('latest.donation_id', eb.lit(0))))
            .on((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('blocks as b')
                    .select(sql<number>`1`.as('found'))
                    .where((b) =>
                      b.or([
                        b.and([b('b.blocker_id', '=', userId), b('b.blocked_id', '=', b.ref('latest.other_id'))]),
                        b.and([b('b.blocker_id', '=', b.ref('latest.other_id')), b('b.blocked_id', '=', userId)]),
                      ]),
                    ),
                ),
              ),
            ),
        )
        .select((eb) => ['latest.id as latest_id', 'latest.other_id', eb.fn.coalesce('unread.n', eb.lit(0)).as('unread_count'), 'wait.since as awaiting_since'])
        .orderBy('latest.created_at', 'desc')
        .orderBy('latest.id', 'desc'),
    );
    if (latestRows.length === 0) return [];
    const messages = await rows(
      this.dataSource.manager,
      selectMessages().where('msg.id', '=', (eb) => eb.fn.any(sql<string[]>`${latestRows.map((r) => r.latest_id)}::uuid[]`)),
    );
    const byId = new Map(messages.map((row) => [row.id, messageViewOf(row)]));
    return latestRows.map((row) => {
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

  /** A photo's retry carries new keys (its bytes were stored again): the same message is one with a photo. */
  private async replayOf(senderId: string, clientId: string, input: SendMessageInput | SendPhotoMessageInput, withPhoto: boolean): Promise<MessageView | null> {
    const row = await firstRow(this.dataSource.manager, messageByClientId(senderId, clientId));
    if (!row) return null;
    if (row.receiver_id !== input.receiverId || row.content !== input.content || row.donation_id !== (input.donationId ?? null) || (row.photo_key !== null) !== withPhoto) {
      throw rpcError(409, ErrorCodes.MESSAGE_CLIENT_ID_REUSED, MessagingMessages.clientIdReused, 'clientId');
    }
    return messageViewOf(row);
  }

  /** One read receipt per conversation whose messages were just read. */
  private async announceRead(manager: EntityManager, readerId: string, senderId: string, read: { donation_id: number | null; read_at: Date | null }[]): Promise<void> {
    const byDonation = new Map<number | null, Date>();
    // read_at was just set by the UPDATE that answered these rows.
    for (const row of read) byDonation.set(row.donation_id, row.read_at!);
    const events = [...byDonation].map(([donationId, readAt]) =>
      createEvent(Events.messaging.MessagesRead, { senderId, receipt: { readerId, donationId, readAt: readAt.toISOString() } }),
    );
    if (events.length > 0) await appendToOutbox(manager, SCHEMA, events);
  }
}
