import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReplyRules, type ReplyTimeView } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

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
    const [row] = (await this.dataSource.query(
      `WITH mine AS (
         SELECT "id", "sender_id", "created_at", COALESCE("donation_id", 0) AS donation_key,
                CASE WHEN "sender_id" = $1 THEN "receiver_id" ELSE "sender_id" END AS other_id
         FROM "${SCHEMA}"."messages" WHERE ("sender_id" = $1 OR "receiver_id" = $1) AND "created_at" > $2
       ), turns AS (
         SELECT "id", "sender_id", "created_at", donation_key, other_id,
                LAG("sender_id") OVER (PARTITION BY other_id, donation_key ORDER BY "created_at", "id") AS previous_sender
         FROM mine
       ), replies AS (
         SELECT "sender_id", "created_at" - LAG("created_at") OVER (PARTITION BY other_id, donation_key ORDER BY "created_at", "id") AS delay
         FROM turns WHERE previous_sender IS DISTINCT FROM "sender_id"
       )
       SELECT count(*)::int AS replies, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM delay)) AS median_seconds
       FROM replies WHERE "sender_id" = $1 AND delay IS NOT NULL`,
      [userId, new Date(now.getTime() - ReplyRules.windowDays * DAY_MS)],
    )) as { replies: number; median_seconds: number | null }[];
    const replies = row?.replies ?? 0;
    const median = row?.median_seconds;
    return { replies, medianMs: replies >= ReplyRules.minReplies && median != null ? Math.round(Number(median) * 1000) : null };
  }
}
