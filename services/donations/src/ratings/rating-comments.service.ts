import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RatingRules, RECENT_COMMENTS_LIMIT, type RatingCommentView, type RatingReason, type RatingValue } from '@hdiya/contracts';
import { firstRow, rows, sql } from '@hdiya/platform';
import { db } from '../database/db.js';

@Injectable()
export class RatingCommentsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A member's newest rating comments for their public profile, shown from the same number of
   * ratings as the counts (a lone comment would say who wrote it); a removed comment is NULL.
   */
  async recent(userId: string): Promise<RatingCommentView[]> {
    const manager = this.dataSource.manager;
    const counted = await firstRow(manager, db.selectFrom('ratings').select(sql<number>`count(*)::int`.as('n')).where('rated_id', '=', userId));
    if ((counted?.n ?? 0) < RatingRules.shownFrom) return [];
    const found = await rows(
      manager,
      db
        .selectFrom('ratings')
        .select(['id', 'value', 'reason', 'comment', 'verified', 'created_at'])
        .where('rated_id', '=', userId)
        .where('comment', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(RECENT_COMMENTS_LIMIT),
    );
    return found.map((r) => ({
      id: r.id,
      value: r.value as RatingValue,
      reason: r.reason as RatingReason | null,
      comment: r.comment!,
      verified: r.verified,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
