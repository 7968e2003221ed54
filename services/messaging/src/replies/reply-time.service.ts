import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReplyRules, type ReplyTimeView } from '@hdiya/contracts';
import { firstRow, sql } from '@hdiya/platform';
import { db } from '../database/db.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A member's usual reply time: the median delay of their replies over the last 90 days. A reply
 * is the member's first message after the other's in a conversation; its delay runs from the
 * first message of the other's streak. Only messages of the window count (the one that opened
 * a streak too). It reads the member's messages of the window through the sender and receiver
 * indexes, a few thousand rows for the busiest member.
 */
@Injectable()
export class ReplyTimeService {
  constructor(private readonly dataSource: DataSource) {}

  async replyTime(userId: string, now: Date = new Date()): Promise<ReplyTimeView> {
    const row = await firstRow(
      this.dataSource.manager,
      db
        .with('mine', (w) =>
          w
            .selectFrom('messages')
            .select((eb) => [
              'id',
              'sender_id',
              'created_at',
              eb.fn.coalesce('donation_id', eb.lit(0)).as('donation_key'),
              eb.case().when('sender_id', '=', userId).then(eb.ref('receiver_id')).else(eb.ref('sender_id')).end().as('other_id'),
            ])
            .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
            .where('created_at', '>', new Date(now.getTime() - ReplyRules.windowDays * DAY_MS)),
        )
        // Each message with the sender of the one before it in its conversation.
        .with('turns', (w) =>
          w
            .selectFrom('mine')
            .select((eb) => [
              'id',
              'sender_id',
              'created_at',
              'donation_key',
              'other_id',
              eb.fn
                .agg<string | null>('lag', ['sender_id'])
                .over((over) => over.partitionBy(['other_id', 'donation_key']).orderBy('created_at').orderBy('id'))
                .as('previous_sender'),
            ]),
        )
        // The first message of each streak, with the time since the first of the other's streak.
        .with('replies', (w) =>
          w
            .selectFrom('turns')
            .select((eb) => [
              'sender_id',
              eb('created_at', '-', eb.fn.agg<Date>('lag', ['created_at']).over((over) => over.partitionBy(['other_id', 'donation_key']).orderBy('created_at').orderBy('id'))).as(
                'delay',
              ),
            ])
            .where((eb) => eb('previous_sender', 'is distinct from', eb.ref('sender_id'))),
        )
        .selectFrom('replies')
        .select((eb) => [
          eb.cast<number>(eb.fn.countAll(), 'integer').as('replies'),
          sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${eb.ref('delay')}))`.as('median_seconds'),
        ])
        .where('sender_id', '=', userId)
        .where('delay', 'is not', null),
    );
    const replies = row?.replies ?? 0;
    const median = row?.median_seconds;
    return { replies, medianMs: replies >= ReplyRules.minReplies && median != null ? Math.round(Number(median) * 1000) : null };
  }
}
