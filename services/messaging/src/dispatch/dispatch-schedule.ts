import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DISPATCHED_KINDS } from '@hdiya/contracts';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';

const DISPATCHED = new Set<string>(DISPATCHED_KINDS);

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
    await manager.query(
      `INSERT INTO "${SCHEMA}"."dispatch_schedule" AS s ("member_id", "mail_due_at", "push_due_at")
       SELECT m, now() + $2::int * interval '1 millisecond', now() + $3::int * interval '1 millisecond' FROM unnest($1::uuid[]) AS m ORDER BY m
       ON CONFLICT ("member_id") DO UPDATE SET
         "mail_due_at" = COALESCE(s."mail_due_at", GREATEST(EXCLUDED."mail_due_at", s."last_mail_at" + $4::int * interval '1 millisecond')),
         "push_due_at" = COALESCE(s."push_due_at", EXCLUDED."push_due_at")`,
      [members, this.config.MAIL_DIGEST_FIRST_DELAY_MS, this.config.NOTIFICATION_PUSH_DELAY_MS, this.config.MAIL_DIGEST_INTERVAL_MS],
    );
  }

  /**
   * A new message in a conversation whose notice is still unread: the notice is renewed (its
   * activity moves on), so an away member hears of it again, and an open page sees it again.
   */
  async renewMessageNotice(manager: EntityManager, receiverId: string, senderId: string, donationId: number | null): Promise<void> {
    await this.touch(manager, [receiverId]);
    await manager.query(
      `UPDATE "${SCHEMA}"."notifications" SET "activity_at" = now()
       WHERE "user_id" = $1 AND "kind" = 'message_received' AND "read_at" IS NULL AND "params"->>'senderId' = $2
         AND COALESCE("params"->>'donationId', 'none') = $3`,
      [receiverId, senderId, donationId === null ? 'none' : String(donationId)],
    );
  }

  /** The gateway relayed to an open page of the member: everything they have so far is seen. */
  async markSeen(manager: EntityManager, memberId: string): Promise<number> {
    const [, count] = (await manager.query(
      `UPDATE "${SCHEMA}"."notifications" SET "seen_at" = now()
       WHERE "user_id" = $1 AND "read_at" IS NULL AND ("seen_at" IS NULL OR "seen_at" < "activity_at")`,
      [memberId],
    )) as [unknown, number];
    return count;
  }
}
