import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCodes,
  Events,
  MessagingMessages,
  MessagingRules,
  type NotificationKind,
  type NotificationParamsByKind,
  type NotificationView,
  type UnreadCounts,
} from '@hdiya/contracts';
import { appendToOutbox, createEvent, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { DispatchSchedule, isDispatched } from '../dispatch/dispatch-schedule.js';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  params: NotificationParamsByKind[NotificationKind];
  read_at: Date | null;
  created_at: Date;
}

const viewOf = (row: NotificationRow): NotificationView =>
  ({ id: row.id, kind: row.kind, params: row.params, read: row.read_at !== null, createdAt: row.created_at.toISOString() }) as NotificationView;

const COLUMNS = `"id", "kind", "params", "read_at", "created_at"`;

/**
 * Notifications are stored with a machine kind and its parameters (the web app writes the
 * sentence in the member's language) and announced by `NotificationCreated` from the same
 * transaction, for the gateway to push.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dispatch: DispatchSchedule,
  ) {}

  async notify<K extends NotificationKind>(manager: EntityManager, userId: string, kind: K, params: NotificationParamsByKind[K]): Promise<NotificationView> {
    const [notification] = await this.notifyAll(manager, kind, [{ userId, params }]);
    return notification!;
  }

  /** The same kind of notification to many members (a saved-search alert): one statement for all. */
  async notifyAll<K extends NotificationKind>(
    manager: EntityManager,
    kind: K,
    recipients: { userId: string; params: NotificationParamsByKind[K] }[],
  ): Promise<NotificationView[]> {
    if (recipients.length === 0) return [];
    // Before the rows: the schedule is locked first by everyone (decision 0027).
    if (isDispatched(kind)) await this.dispatch.touch(manager, recipients.map((r) => r.userId));
    const rows = (await manager.query(
      `INSERT INTO "${SCHEMA}"."notifications" ("id", "user_id", "kind", "params")
       SELECT n.id, n.user_id, $1, n.params FROM unnest($2::uuid[], $3::uuid[], $4::jsonb[]) WITH ORDINALITY AS n(id, user_id, params, i)
       ORDER BY n.i RETURNING "user_id", ${COLUMNS}`,
      [kind, recipients.map(() => randomUUID()), recipients.map((r) => r.userId), recipients.map((r) => JSON.stringify(r.params))],
    )) as (NotificationRow & { user_id: string })[];
    const notifications = rows.map((row) => ({ userId: row.user_id, notification: viewOf(row) }));
    await appendToOutbox(manager, SCHEMA, notifications.map((n) => createEvent(Events.messaging.NotificationCreated, n)));
    return notifications.map((n) => n.notification);
  }

  /** The member's notifications, newest first, a page at a time (`before` = the last one shown). */
  async list(userId: string, before: string | undefined): Promise<NotificationView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "${SCHEMA}"."notifications" n
       WHERE "user_id" = $1 AND ($2::uuid IS NULL OR ("created_at", "id") <
         (SELECT "created_at", "id" FROM "${SCHEMA}"."notifications" WHERE "id" = $2 AND "user_id" = $1))
       ORDER BY "created_at" DESC, "id" DESC LIMIT $3`,
      [userId, before ?? null, MessagingRules.notificationsPageSize],
    )) as NotificationRow[];
    return rows.map(viewOf);
  }

  /** Another member's notification answers 404 like a missing one: nothing tells them apart. */
  async markRead(userId: string, notificationId: string): Promise<NotificationView> {
    // An UPDATE answers [rows, count] through TypeORM.
    const [rows] = (await this.dataSource.query(
      `UPDATE "${SCHEMA}"."notifications" SET "read_at" = COALESCE("read_at", now())
       WHERE "id" = $1 AND "user_id" = $2 RETURNING ${COLUMNS}`,
      [notificationId, userId],
    )) as [NotificationRow[], number];
    const updated = rows[0];
    if (!updated) throw rpcError(404, ErrorCodes.NOTIFICATION_NOT_FOUND, MessagingMessages.notificationNotFound, 'id');
    return viewOf(updated);
  }

  async markAllRead(userId: string): Promise<{ updated: number }> {
    const [, count] = (await this.dataSource.query(
      `UPDATE "${SCHEMA}"."notifications" SET "read_at" = now() WHERE "user_id" = $1 AND "read_at" IS NULL`,
      [userId],
    )) as [unknown, number];
    return { updated: count };
  }

  /** Marks read the new-message notices of a conversation the member has just opened. */
  async markConversationRead(manager: EntityManager, userId: string, senderId: string, donationId: number | null | undefined): Promise<void> {
    await manager.query(
      `UPDATE "${SCHEMA}"."notifications" SET "read_at" = now()
       WHERE "user_id" = $1 AND "kind" = 'message_received' AND "read_at" IS NULL AND "params"->>'senderId' = $2
         AND ($3::text = 'any' OR COALESCE("params"->>'donationId', 'none') = $3)`,
      [userId, senderId, donationId === undefined ? 'any' : donationId === null ? 'none' : String(donationId)],
    );
  }

  /** True when the member already has an unread notice for this conversation (one is enough). */
  async hasUnreadMessageNotice(manager: EntityManager, userId: string, senderId: string, donationId: number | null): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT 1 FROM "${SCHEMA}"."notifications"
       WHERE "user_id" = $1 AND "kind" = 'message_received' AND "read_at" IS NULL AND "params"->>'senderId' = $2
         AND COALESCE("params"->>'donationId', 'none') = $3 LIMIT 1`,
      [userId, senderId, donationId === null ? 'none' : String(donationId)],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * The header's badges. New-message notices are left out of the notifications badge: the
   * messages badge already counts those messages.
   */
  async unreadCounts(userId: string): Promise<UnreadCounts> {
    const [row] = (await this.dataSource.query(
      `SELECT
         (SELECT count(*) FROM "${SCHEMA}"."messages" WHERE "receiver_id" = $1 AND "read_at" IS NULL)::int AS "messages",
         (SELECT count(*) FROM "${SCHEMA}"."notifications" WHERE "user_id" = $1 AND "read_at" IS NULL AND "kind" <> 'message_received')::int AS "notifications"`,
      [userId],
    )) as UnreadCounts[];
    return row!;
  }
}
