import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RatingRules, RECENT_COMMENTS_LIMIT, type RatingCommentView, type RatingReason, type RatingValue } from '@hdiya/contracts';
import { firstRow, rows, sql } from '@hdiya/platform';
import { Clock } from '../core/clock.js';
import { countedRatings } from './counted-ratings.js';

@Injectable()
export class RatingCommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * A member's newest rating comments for their public profile, shown from the same number of
   * ratings as the counts (a lone comment would say who wrote it); a removed comment is NULL.
   * Only ratings that count show (decision 0056).
   */
  async recent(userId: string): Promise<RatingCommentView[]> {
    const manager = this.dataSource.manager;
    const now = this.clock.now();
    const counted = await firstRow(manager, countedRatings(userId, now).select(sql<number>`count(*)::int`.as('n')));
    if ((counted?.n ?? 0) < RatingRules.shownFrom) return [];
    const found = await rows(
      manager,
      countedRatings(userId, now)
        .select(['r.id', 'r.value', 'r.reason', 'r.comment', 'r.verified', 'r.created_at'])
        .where('r.comment', 'is not', null)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
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
