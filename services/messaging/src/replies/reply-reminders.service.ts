import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NotificationParamsByKind } from '@hdiya/contracts';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
import { memberColumns, memberViewOf } from '../members/member-view.js';
import { NotificationsService } from '../notifications/notifications.service.js';

const BATCH = 200;

interface DueRow extends Record<string, unknown> {
  owing_id: string;
  waiting_id: string;
  donation_key: number;
  since: Date;
  title: string | null;
  blocked: boolean;
}

/**
 * A member who has left the other's messages unanswered for `REPLY_REMINDER_AFTER_MS` gets one
 * `reply_reminder` notification (delivered by push or mail like any other kind). Streaks are
 * claimed with SKIP LOCKED and marked in the same transaction as the notification, so replicas
 * racing never remind twice; a conversation where either blocked the other is settled silently.
 */
@Injectable()
export class ReplyRemindersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async remindDue(now: Date = new Date()): Promise<number> {
    let reminded = 0;
    for (;;) {
      const { claimed, sent } = await this.remindBatch(now);
      reminded += sent;
      if (claimed < BATCH) return reminded;
    }
  }

  private remindBatch(now: Date): Promise<{ claimed: number; sent: number }> {
    return this.dataSource.transaction(async (manager) => {
      const due = (await manager.query(
        `SELECT w."owing_id", w."waiting_id", w."donation_key", w."since", d."title", ${memberColumns('m', 'w_')},
           EXISTS (SELECT 1 FROM "${SCHEMA}"."blocks" b
                   WHERE (b."blocker_id" = w."owing_id" AND b."blocked_id" = w."waiting_id")
                      OR (b."blocker_id" = w."waiting_id" AND b."blocked_id" = w."owing_id")) AS "blocked"
         FROM "${SCHEMA}"."reply_waits" w
         LEFT JOIN "${SCHEMA}"."members" m ON m."user_id" = w."waiting_id"
         LEFT JOIN "${SCHEMA}"."donations" d ON d."donation_id" = w."donation_key"
         WHERE w."reminded_at" IS NULL AND w."since" <= $1
         ORDER BY w."since" LIMIT ${BATCH} FOR UPDATE OF w SKIP LOCKED`,
        [new Date(now.getTime() - this.config.REPLY_REMINDER_AFTER_MS)],
      )) as DueRow[];
      if (due.length === 0) return { claimed: 0, sent: 0 };
      await manager.query(
        `UPDATE "${SCHEMA}"."reply_waits" w SET "reminded_at" = $1
         FROM unnest($2::uuid[], $3::uuid[], $4::int[]) AS k(owing_id, waiting_id, donation_key)
         WHERE w."owing_id" = k.owing_id AND w."waiting_id" = k.waiting_id AND w."donation_key" = k.donation_key`,
        [now, due.map((r) => r.owing_id), due.map((r) => r.waiting_id), due.map((r) => r.donation_key)],
      );
      const recipients = due
        .filter((row) => !row.blocked)
        .map((row) => ({
          userId: row.owing_id,
          params: {
            otherId: row.waiting_id,
            otherName: memberViewOf(row.waiting_id, row, 'w_').displayName,
            donationId: row.donation_key === 0 ? null : row.donation_key,
            title: row.donation_key === 0 ? null : (row.title ?? ''),
            since: row.since.toISOString(),
          } satisfies NotificationParamsByKind['reply_reminder'],
        }));
      await this.notifications.notifyAll(manager, 'reply_reminder', recipients);
      return { claimed: due.length, sent: recipients.length };
    });
  }
}
