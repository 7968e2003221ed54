import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  displayName,
  ErrorCodes,
  SupportInboxMessages,
  SupportInboxRules,
  type Actor,
  type ContactMessageState,
  type ContactMessageView,
  type ContactReplyInput,
  type DonationPage,
  type MailLanguage,
  type PageQuery,
} from '@hdiya/contracts';
import { recordModeratorAction, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { SupportMails } from '../mail/support-mails.js';
import { assertModerator } from '../moderation/moderator.js';

/** Where a page starts: after this message in the inbox's order (state, then newest, then id). */
interface InboxCursor {
  status: ContactMessageState;
  at: string;
  id: string;
}

const CURSOR = /^(new|answered)_(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/;
const encodeCursor = (c: InboxCursor) => `${c.status}_${c.at}_${c.id}`;
function decodeCursor(text: string | undefined): InboxCursor | null {
  if (text === undefined) return null;
  const found = CURSOR.exec(text);
  if (!found) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, SupportInboxMessages.cursor, 'cursor');
  return { status: found[1] as ContactMessageState, at: found[2]!, id: found[3]! };
}

/** Six digits of the microseconds: a page cursor made of a JavaScript date (three) would skip messages. */
const AT = `to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface MessageRow {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: MailLanguage;
  status: ContactMessageState;
  at: string;
}

interface ReplyRow {
  id: string;
  contact_message_id: string;
  author_id: string;
  message: string;
  created_at: Date;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The support inbox (issue 45): contact messages for moderators, unanswered first, and their
 * replies: each stored, mailed to the sender in their language and written in the moderation
 * log, in one transaction.
 */
@Injectable()
export class SupportInboxService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mails: SupportMails,
  ) {}

  async list(actor: Actor, page: PageQuery): Promise<DonationPage<ContactMessageView>> {
    const manager = this.dataSource.manager;
    await assertModerator(manager, actor);
    const limit = Math.min(page.limit ?? SupportInboxRules.pageSize, SupportInboxRules.maxPageSize);
    const cursor = decodeCursor(page.cursor);
    // 'new' sorts after 'answered': descending puts the unanswered first (the index's order).
    const found: MessageRow[] = await manager.query(
      `SELECT m.id, m.user_id, m.name, m.email, m.subject, m.message, m.language, m.status, ${AT} AS at
       FROM "users"."contact_messages" m
       ${cursor ? 'WHERE (m.status, m.created_at, m.id) < ($2, $3::timestamptz, $4::uuid)' : ''}
       ORDER BY m.status DESC, m.created_at DESC, m.id DESC
       LIMIT $1`,
      cursor ? [limit + 1, cursor.status, cursor.at, cursor.id] : [limit + 1],
    );
    const items = await this.withReplies(manager, found.slice(0, limit));
    const last = found.length > limit ? found[limit - 1] : undefined;
    return { items, nextCursor: last ? encodeCursor({ status: last.status, at: last.at, id: last.id }) : null };
  }

  /**
   * A moderator's reply: stored, the message answered (from the first reply on), the mail to the
   * sender enqueued and the moderation log written, all or nothing. The row is locked so two
   * moderators replying at once each add their reply in turn.
   */
  async reply(actor: Actor, contactMessageId: string, input: ContactReplyInput): Promise<ContactMessageView> {
    return this.dataSource.transaction(async (manager) => {
      await assertModerator(manager, actor);
      const [message]: MessageRow[] = await manager.query(
        `SELECT m.id, m.user_id, m.name, m.email, m.subject, m.message, m.language, m.status, ${AT} AS at
         FROM "users"."contact_messages" m WHERE m.id = $1 FOR UPDATE`,
        [contactMessageId],
      );
      if (!message) throw rpcError(404, ErrorCodes.CONTACT_MESSAGE_NOT_FOUND, SupportInboxMessages.notFound);
      const replyId = randomUUID();
      await manager.query(`INSERT INTO "users"."contact_replies" (id, contact_message_id, author_id, message) VALUES ($1, $2, $3, $4)`, [
        replyId,
        message.id,
        actor.id,
        input.message,
      ]);
      const firstReply = message.status === 'new';
      if (firstReply) await manager.query(`UPDATE "users"."contact_messages" SET status = 'answered' WHERE id = $1`, [message.id]);
      await recordModeratorAction(manager, SCHEMA, {
        actorId: actor.id,
        action: 'contact.reply',
        targetType: 'contact_message',
        targetId: message.id,
        details: { replyId, language: message.language, firstReply },
      });
      await this.mails.reply(manager, message, input.message);
      const [view] = await this.withReplies(manager, [{ ...message, status: 'answered' }]);
      return view!;
    });
  }

  private async withReplies(manager: EntityManager, messages: MessageRow[]): Promise<ContactMessageView[]> {
    if (messages.length === 0) return [];
    const replies: ReplyRow[] = await manager.query(
      `SELECT r.id, r.contact_message_id, r.author_id, r.message, r.created_at, u.username, u.first_name, u.last_name
       FROM "users"."contact_replies" r LEFT JOIN "users"."users" u ON u.id = r.author_id
       WHERE r.contact_message_id = ANY($1::uuid[])
       ORDER BY r.created_at, r.id`,
      [messages.map((m) => m.id)],
    );
    return messages.map((m) => ({
      id: m.id,
      status: m.status,
      userId: m.user_id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      language: m.language,
      createdAt: new Date(m.at).toISOString(),
      replies: replies
        .filter((r) => r.contact_message_id === m.id)
        .map((r) => ({
          id: r.id,
          authorId: r.author_id,
          authorName: r.username ? displayName({ username: r.username, firstName: r.first_name, lastName: r.last_name }) : r.author_id.slice(0, 8),
          message: r.message,
          createdAt: r.created_at.toISOString(),
        })),
    }));
  }
}
