import { Inject, Injectable } from '@nestjs/common';
import type { Expression, QueryCreator } from 'kysely';
import type { EntityManager } from 'typeorm';
import { DISPATCHED_KINDS } from '@hdiya/contracts';
import { prepared, sql, write } from '@hdiya/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { db, type MessagingTables } from '../database/db.js';

/** now() plus a number of milliseconds, as the schedule's SQL counts time. */
export const inMs = (ms: number) => sql<Date>`now() + ${ms}::int * interval '1 millisecond'`;

const DISPATCHED = new Set<string>(DISPATCHED_KINDS);

/**
 * Something new for these members (a uuid[]): their schedule row, created or moved on. A statement
 * of its own (`touch`) or the first step of a larger one (the send's, messages/message-effects.ts).
 * Sorted by member: two transactions touching the same members lock them in the same order.
 */
export const upsertSchedule = (qc: QueryCreator<MessagingTables>, members: Expression<string[]>, firstDelayMs: number, pushDelayMs: number, intervalMs: number) =>
  qc
    .insertInto('dispatch_schedule')
    .columns(['member_id', 'mail_due_at', 'push_due_at'])
    .expression((eb) =>
      eb
        .selectFrom(sql<{ m: string }>`unnest(${members})`.as<'u'>(sql`u(m)`))
        .select(['u.m', inMs(firstDelayMs).as('mail_due_at'), inMs(pushDelayMs).as('push_due_at')])
        .orderBy('u.m'),
    )
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet((eb) => ({
        mail_due_at: eb.fn.coalesce(
          'dispatch_schedule.mail_due_at',
          eb.fn<Date>('greatest', ['excluded.mail_due_at', sql<Date>`${eb.ref('dispatch_schedule.last_mail_at')} + ${intervalMs}::int * interval '1 millisecond'`]),
        ),
        push_due_at: eb.fn.coalesce('dispatch_schedule.push_due_at', 'excluded.push_due_at'),
      })),
    );

// On the path of every notification: compiled once.
const touchSchedule = prepared((members: string[], firstDelayMs: number, pushDelayMs: number, intervalMs: number) =>
  upsertSchedule(db, sql<string[]>`${members}::uuid[]`, firstDelayMs, pushDelayMs, intervalMs),
);

export const isDispatched = (kind: string): boolean => DISPATCHED.has(kind);

/**
 * When each member's next digest mail and push are due, in the database: a row per member,
 * written in the transaction of the event that makes something new for them, read by the
 * dispatcher (SKIP LOCKED), so a crash or a second replica changes nothing.
 *
 * Always touched before the notification rows themselves: the dispatcher locks the schedule row
 * first and the notifications second, and so must everyone else (no deadlock).
 */
@Injectable()
export class DispatchSchedule {
  constructor(@Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig) {}

  /**
   * Something new for these members: their mail is due after the first delay (or, if they had one
   * lately, once the interval has passed), their push after the push delay; a due time already set
   * stays (the digest takes everything new until then).
   */
  async touch(manager: EntityManager, memberIds: string[]): Promise<void> {
    const members = [...new Set(memberIds)].sort();
    if (members.length === 0) return;
    const { MAIL_DIGEST_FIRST_DELAY_MS, NOTIFICATION_PUSH_DELAY_MS, MAIL_DIGEST_INTERVAL_MS } = this.config;
    await write(manager, touchSchedule(members, MAIL_DIGEST_FIRST_DELAY_MS, NOTIFICATION_PUSH_DELAY_MS, MAIL_DIGEST_INTERVAL_MS));
  }

  /** The gateway relayed to an open page of these members: everything they have so far is seen. */
  async markSeen(manager: EntityManager, memberIds: string[]): Promise<number> {
    return write(
      manager,
      db
        .updateTable('notifications')
        .set({ seen_at: sql<Date>`now()` })
        .where('user_id', '=', sql<string>`ANY(${memberIds}::uuid[])`)
        .where('read_at', 'is', null)
        .where((eb) => eb.or([eb('seen_at', 'is', null), eb('seen_at', '<', eb.ref('activity_at'))])),
    );
  }
}
