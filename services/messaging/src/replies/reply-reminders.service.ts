import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NotificationParamsByKind } from '@hdiya/contracts';
import { rows, sql, write } from '@hdiya/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
import { memberViewOf } from '../members/member-view.js';
import { NotificationsService } from '../notifications/notifications.service.js';

const BATCH = 200;

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
      const due = await rows(
        manager,
        db
          .selectFrom('reply_waits as w')
          .leftJoin('members as m', 'm.user_id', 'w.waiting_id')
          .leftJoin('donations as d', 'd.donation_id', 'w.donation_key')
          .select((eb) => [
            'w.owing_id',
            'w.waiting_id',
            'w.donation_key',
            'w.since',
            'd.title',
            'm.username',
            'm.first_name',
            'm.last_name',
            'm.profile_image_url',
            eb
              .exists(
                eb
                  .selectFrom('blocks as b')
                  .select(sql<number>`1`.as('found'))
                  .where((b) =>
                    b.or([
                      b.and([b('b.blocker_id', '=', b.ref('w.owing_id')), b('b.blocked_id', '=', b.ref('w.waiting_id'))]),
                      b.and([b('b.blocker_id', '=', b.ref('w.waiting_id')), b('b.blocked_id', '=', b.ref('w.owing_id'))]),
                    ]),
                  ),
              )
              .as('blocked'),
          ])
          .where('w.reminded_at', 'is', null)
          .where('w.since', '<=', new Date(now.getTime() - this.config.REPLY_REMINDER_AFTER_MS))
          .orderBy('w.since')
          .limit(BATCH)
          .forUpdate('w')
          .skipLocked(),
      );
      if (due.length === 0) return { claimed: 0, sent: 0 };
      // One statement for the batch: the claimed keys, unnested side by side.
      const keys = sql<{ owing_id: string; waiting_id: string; donation_key: number }>`unnest(${due.map((r) => r.owing_id)}::uuid[], ${due.map((r) => r.waiting_id)}::uuid[], ${due.map((r) => r.donation_key)}::int[])`;
      await write(
        manager,
        db
          .updateTable('reply_waits as w')
          .from(keys.as<'k'>(sql`k(owing_id, waiting_id, donation_key)`))
          .set({ reminded_at: now })
          .whereRef('w.owing_id', '=', 'k.owing_id')
          .whereRef('w.waiting_id', '=', 'k.waiting_id')
          .whereRef('w.donation_key', '=', 'k.donation_key'),
      );
      const recipients = due
        .filter((row) => !row.blocked)
        .map((row) => ({
          userId: row.owing_id,
          params: {
            otherId: row.waiting_id,
            otherName: memberViewOf(row.waiting_id, row).displayName,
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
