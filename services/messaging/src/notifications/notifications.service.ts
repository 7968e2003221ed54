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
import { appendToOutbox, createEvent, firstRow, type Json, prepared, rows, rpcError, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { DispatchSchedule, isDispatched } from '../dispatch/dispatch-schedule.js';

const COLUMNS = ['id', 'kind', 'params', 'read_at', 'created_at'] as const;

/** The kinds kept as one unread notice per donation (notifyPerDonation). */
type GroupedKind = 'request_received' | 'request_window_closed';

// On the send path of every message: compiled once.
const insertNotifications = prepared((kind: string, ids: string[], userIds: string[], params: string[]) =>
  db
    .insertInto('notifications')
    .columns(['id', 'user_id', 'kind', 'params'])
    .expression((eb) =>
      eb
        .selectFrom(
          sql<{ id: string; user_id: string; params: Json; i: number }>`unnest(${ids}::uuid[], ${userIds}::uuid[], ${params}::jsonb[]) WITH ORDINALITY`.as<'n'>(
            sql`n(id, user_id, params, i)`,
          ),
        )
        .select(['n.id', 'n.user_id', eb.val(kind).as('kind'), 'n.params'])
        // In the recipients' order.
        .orderBy('n.i'),
    )
    .returning(['user_id', ...COLUMNS]),
);

/**
 * A stored notification as the API shows it. `kind` is one of NotificationKind (the table's CHECK)
 * and `params` what notify() stored for that kind: narrowed here, where they are read.
 */
export const notificationViewOf = (row: { id: string; kind: string; params: Json; read_at: Date | null; created_at: Date }): NotificationView =>
  ({ id: row.id, kind: row.kind as NotificationKind, params: row.params, read: row.read_at !== null, createdAt: row.created_at.toISOString() }) as NotificationView;

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
    // One statement for all.
    const created = await rows(
      manager,
      insertNotifications(
        kind,
        recipients.map(() => randomUUID()),
        recipients.map((r) => r.userId),
        recipients.map((r) => JSON.stringify(r.params)),
      ),
    );
    const notifications = created.map((row) => ({ userId: row.user_id, notification: notificationViewOf(row) }));
    await appendToOutbox(manager, SCHEMA, notifications.map((n) => createEvent(Events.messaging.NotificationCreated, n)));
    return notifications.map((n) => n.notification);
  }

  /**
   * One unread notice per donation of this kind: while the member has not read it, a new one
   * renews it (its parameters, and it is new again: on top of the list, mailed and pushed anew)
   * rather than adding a line ("3 personnes ont demandé « Table »", issue 46). Announced each time,
   * so an open page shows the new count.
   */
  async notifyPerDonation<K extends GroupedKind>(manager: EntityManager, userId: string, kind: K, params: NotificationParamsByKind[K]): Promise<NotificationView> {
    // Before the rows: the schedule is locked first by everyone (decision 0027).
    await this.dispatch.touch(manager, [userId]);
    const renewed = await firstRow(
      manager,
      db
        .updateTable('notifications')
        .set({ params: JSON.stringify(params), activity_at: sql<Date>`now()`, created_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('read_at', 'is', null)
        .where((eb) => eb(sql<string>`${eb.ref('params')}->>'donationId'`, '=', String(params.donationId)))
        .returning(COLUMNS),
    );
    if (!renewed) return this.notify(manager, userId, kind, params);
    const notification = notificationViewOf(renewed);
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.messaging.NotificationCreated, { userId, notification })]);
    return notification;
  }

  /** What is left to do about a donation is done (its window decided): its notices of these kinds are read. */
  async markDonationRead(manager: EntityManager, kinds: NotificationKind[], donationId: number): Promise<void> {
    await write(
      manager,
      db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`now()` })
        .where('kind', '=', (eb) => eb.fn.any(sql<string[]>`${kinds}::text[]`))
        .where('read_at', 'is', null)
        .where((eb) => eb(sql<string>`${eb.ref('params')}->>'donationId'`, '=', String(donationId))),
    );
  }

  /** The member's notifications, newest first, a page at a time (`before` = the last one shown). */
  async list(userId: string, before: string | undefined): Promise<NotificationView[]> {
    const page = await rows(
      this.dataSource.manager,
      db
        .selectFrom('notifications as n')
        .select(COLUMNS)
        .where('n.user_id', '=', userId)
        .$if(before !== undefined, (q) =>
          q.where(
            (eb) =>
              sql<boolean>`(${eb.ref('n.created_at')}, ${eb.ref('n.id')}) < ${eb
                .selectFrom('notifications')
                .select(['created_at', 'id'])
                .where('id', '=', before!)
                .where('user_id', '=', userId)}`,
          ),
        )
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(MessagingRules.notificationsPageSize),
    );
    return page.map(notificationViewOf);
  }

  /** Another member's notification answers 404 like a missing one: nothing tells them apart. */
  async markRead(userId: string, notificationId: string): Promise<NotificationView> {
    const updated = await firstRow(
      this.dataSource.manager,
      db
        .updateTable('notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', sql<Date>`now()`) }))
        .where('id', '=', notificationId)
        .where('user_id', '=', userId)
        .returning(COLUMNS),
    );
    if (!updated) throw rpcError(404, ErrorCodes.NOTIFICATION_NOT_FOUND, MessagingMessages.notificationNotFound, 'id');
    return notificationViewOf(updated);
  }

  async markAllRead(userId: string): Promise<{ updated: number }> {
    const updated = await write(
      this.dataSource.manager,
      db.updateTable('notifications').set({ read_at: sql<Date>`now()` }).where('user_id', '=', userId).where('read_at', 'is', null),
    );
    return { updated };
  }

  /** Marks read the new-message notices of a conversation the member has just opened. */
  async markConversationRead(manager: EntityManager, userId: string, senderId: string, donationId: number | null | undefined): Promise<void> {
    await write(
      manager,
      db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('kind', '=', 'message_received')
        .where('read_at', 'is', null)
        .where((eb) => eb(sql<string>`${eb.ref('params')}->>'senderId'`, '=', senderId))
        .$if(donationId !== undefined, (q) =>
          q.where((eb) => eb(eb.fn.coalesce(sql<string | null>`${eb.ref('params')}->>'donationId'`, eb.val('none')), '=', donationId === null ? 'none' : String(donationId))),
        ),
    );
  }

  /**
   * The header's badges. New-message notices are left out of the notifications badge: the
   * messages badge already counts those messages.
   */
  async unreadCounts(userId: string): Promise<UnreadCounts> {
    const row = await firstRow(
      this.dataSource.manager,
      db.selectNoFrom((eb) => [
        eb.cast<number>(eb.selectFrom('messages').select(eb.fn.countAll().as('n')).where('receiver_id', '=', userId).where('read_at', 'is', null), 'integer').as('messages'),
        eb
          .cast<number>(
            eb.selectFrom('notifications').select(eb.fn.countAll().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).where('kind', '<>', 'message_received'),
            'integer',
          )
          .as('notifications'),
      ]),
    );
    return row!;
  }
}
