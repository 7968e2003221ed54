import { Inject, Injectable } from '@nestjs/common';
import type { Expression, QueryCreator } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Events, type MessageView, type NotificationParamsByKind } from '@hdiya/contracts';
import { createEvent, insertIntoOutbox, type Json, notifyRelay, outboxValues, prepared, type SharedTables, sql, write } from '@hdiya/platform';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
import { upsertSchedule } from '../dispatch/dispatch-schedule.js';
import { notificationViewOf } from '../notifications/notifications.service.js';

/** A member id as the params of a notification hold it (text), the parameter staying the uuid the other places compare. */
const idText = (id: string) => sql<string>`${id}::uuid::text`;

/** The donation a notification's params name, as text, `none` for none (as the send passes it). */
const donationParamOf = (params: Expression<Json>) => sql<string>`coalesce(${params}->>'donationId', 'none')`;

/**
 * What a stored message changes in its conversation, and its events, in one statement (issue 25):
 * - the receiver's schedule row is touched (their mail and push fall due), and through it (a join,
 *   so in this order: decision 0027 locks the schedule before notification rows) the conversation's
 *   unread notice is renewed, or, if there is none, created: one unread notice per conversation;
 * - the sender's own debt in the conversation is paid, with the reminder that came of it; the
 *   receiver now owes a reply from the first message of the streak (a later message keeps that
 *   start, and its reminder state);
 * - its events go to the outbox, and the relay is woken: `MessageSent`, then `NotificationCreated`
 *   when the notice was created (a renewed one was announced already).
 * Run under the conversation's lock (taken by `storeMessage`), in a later statement than the
 * insert: READ COMMITTED gives it a snapshot taken after the lock, which sees what the
 * conversation's previous send committed.
 */
const effectsStatement = prepared(
  (
    receiverId: string,
    senderId: string,
    donation: string,
    donationKey: number,
    messageId: string,
    since: string,
    noticeId: string,
    noticeParams: string,
    firstDelayMs: number,
    pushDelayMs: number,
    intervalMs: number,
    eventIds: string[],
    eventSubjects: string[],
    eventEnvelopes: string[],
  ) =>
    db
      .with('touched', (qc) => upsertSchedule(qc, sql<string[]>`ARRAY[${receiverId}::uuid]`, firstDelayMs, pushDelayMs, intervalMs).returning('member_id'))
      // Renewed, the notice stands for this message too: an away member hears of it again (decision 0027).
      .with('renewed', (qc) =>
        qc
          .updateTable('notifications')
          .from('touched')
          .set({ activity_at: sql<Date>`now()` })
          .whereRef('notifications.user_id', '=', 'touched.member_id')
          .where('notifications.kind', '=', 'message_received')
          .where('notifications.read_at', 'is', null)
          .where((eb) => eb(sql<string>`${eb.ref('notifications.params')}->>'senderId'`, '=', idText(senderId)))
          .where((eb) => eb(donationParamOf(eb.ref('notifications.params')), '=', donation))
          .returning('notifications.id'),
      )
      .with('created', (qc) =>
        qc
          .insertInto('notifications')
          .columns(['id', 'user_id', 'kind', 'params', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('touched')
              .select([
                sql<string>`${noticeId}::uuid`.as('id'),
                'touched.member_id',
                sql<string>`'message_received'`.as('kind'),
                sql<Json>`${noticeParams}::jsonb`.as('params'),
                // The message's instant, which the notice's event says.
                sql<Date>`${since}::timestamptz`.as('created_at'),
              ])
              .where((w) => w.not(w.exists(w.selectFrom('renewed').select('id')))),
          )
          .returning('id'),
      )
      .with('paid', (qc) =>
        qc.deleteFrom('reply_waits').where('owing_id', '=', senderId).where('waiting_id', '=', receiverId).where('donation_key', '=', donationKey).returning('owing_id'),
      )
      // Answered: a reminder of this conversation has nothing left to say (nor to mail or push).
      .with('reminder_read', (qc) =>
        qc
          .updateTable('notifications')
          .set({ read_at: sql<Date>`now()` })
          .where('user_id', '=', senderId)
          .where('kind', '=', 'reply_reminder')
          .where('read_at', 'is', null)
          .where((eb) => eb(sql<string>`${eb.ref('params')}->>'otherId'`, '=', idText(receiverId)))
          .where((eb) => eb(donationParamOf(eb.ref('params')), '=', donation))
          .where((eb) => eb.exists(eb.selectFrom('paid').select('owing_id')))
          .returning('id'),
      )
      .with('owed', (qc) =>
        qc
          .insertInto('reply_waits')
          .values({ owing_id: receiverId, waiting_id: senderId, donation_key: donationKey, first_message_id: messageId, since })
          .onConflict((conflict) => conflict.doNothing())
          .returning('owing_id'),
      )
      // The second event, the notice's, only when it was created.
      .with('events', (qc) =>
        insertIntoOutbox(qc as unknown as QueryCreator<SharedTables>, { ids: eventIds, subjects: eventSubjects, envelopes: eventEnvelopes }, (rank) =>
          sql<boolean>`${rank} = 1 OR EXISTS (SELECT FROM created)`,
        ),
      )
      .selectNoFrom((eb) => notifyRelay(SCHEMA, eb.selectFrom('events').select((c) => c.fn.countAll().as('n'))).as('notified')),
);

/** Records a stored message's effects on its conversation (see `effectsStatement`). */
@Injectable()
export class MessageEffects {
  constructor(@Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig) {}

  /** Records the message's effects and its events in the send's transaction. */
  async record(manager: EntityManager, message: MessageView): Promise<void> {
    const notice: NotificationParamsByKind['message_received'] = {
      senderId: message.senderId,
      senderName: message.sender.displayName,
      donationId: message.donationId,
      title: message.donation?.title ?? null,
    };
    const noticeId = randomUUID();
    const events = outboxValues([
      createEvent(Events.messaging.MessageSent, { message }),
      createEvent(Events.messaging.NotificationCreated, {
        userId: message.receiverId,
        notification: notificationViewOf({ id: noticeId, kind: 'message_received', params: notice, read_at: null, created_at: new Date(message.createdAt) }),
      }),
    ]);
    const { MAIL_DIGEST_FIRST_DELAY_MS, NOTIFICATION_PUSH_DELAY_MS, MAIL_DIGEST_INTERVAL_MS } = this.config;
    await write(
      manager,
      effectsStatement(
        message.receiverId,
        message.senderId,
        message.donationId === null ? 'none' : String(message.donationId),
        message.donationId ?? 0,
        message.id,
        message.createdAt,
        noticeId,
        JSON.stringify(notice),
        MAIL_DIGEST_FIRST_DELAY_MS,
        NOTIFICATION_PUSH_DELAY_MS,
        MAIL_DIGEST_INTERVAL_MS,
        events.ids,
        events.subjects,
        events.envelopes,
      ),
    );
  }
}
