import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCodes,
  Messages,
  RatingMessages,
  type Actor,
  type ModerationRatingView,
  type RatingModerationResult,
  type RatingReason,
  type RatingReportReason,
  type RatingValue,
  type ReportRatingInput,
} from '@hdiya/contracts';
import { firstRow, recordModeratorAction, rows, rpcError, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { refusal } from '../core/refusal.js';
import { db } from '../database/db.js';
import { moderationRefusal, reportRefusal, type RatedComment } from './rating-moderation.rules.js';

/** How many reported ratings the moderation screen lists at once. */
const REPORTED_LIMIT = 100;

@Injectable()
export class RatingReportsService {
  constructor(private readonly dataSource: DataSource) {}

  /** The rating, locked against a removal racing the step (FOR UPDATE: a removal writes it). */
  private async lockedRating(manager: EntityManager, ratingId: number): Promise<RatedComment | null> {
    const row = await firstRow(manager, db.selectFrom('ratings').select(['rater_id', 'comment']).where('id', '=', ratingId).forUpdate());
    return row ? { raterId: row.rater_id, comment: row.comment } : null;
  }

  /** A member reports a rating's comment, once (docs/product.md#rating-comments). */
  async report(actor: Actor, ratingId: number, input: ReportRatingInput): Promise<{ reported: true }> {
    return this.dataSource.transaction(async (manager) => {
      const refused = reportRefusal(await this.lockedRating(manager, ratingId), actor.id);
      if (refused) throw refusal(refused);
      const inserted = await write(
        manager,
        db
          .insertInto('rating_reports')
          .values({ rating_id: ratingId, reporter_id: actor.id, reason: input.reason, details: input.details ?? null })
          .onConflict((conflict) => conflict.columns(['rating_id', 'reporter_id']).doNothing()),
      );
      if (inserted === 0) throw rpcError(409, ErrorCodes.ALREADY_REPORTED, RatingMessages.reportAgain);
      return { reported: true };
    });
  }

  /** Moderators: ratings whose comment has open reports, the most recently reported first. */
  async reported(actor: Actor): Promise<ModerationRatingView[]> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    const manager = this.dataSource.manager;
    const ratings = await rows(
      manager,
      db
        .selectFrom('ratings as r')
        .innerJoin('donations as d', 'd.id', 'r.donation_id')
        .innerJoin('rating_reports as rr', (join) => join.onRef('rr.rating_id', '=', 'r.id').on('rr.closed_at', 'is', null))
        .where('r.comment', 'is not', null)
        .select(['r.id', 'r.donation_id', 'd.title', 'r.rater_id', 'r.rated_id', 'r.value', 'r.reason', 'r.comment', 'r.created_at'])
        .select(sql<Date>`max(rr.created_at)`.as('last_reported_at'))
        .groupBy(['r.id', 'd.title'])
        .orderBy('last_reported_at', 'desc')
        .limit(REPORTED_LIMIT),
    );
    if (ratings.length === 0) return [];
    const reports = await rows(
      manager,
      db
        .selectFrom('rating_reports')
        .select(['id', 'rating_id', 'reason', 'details', 'created_at'])
        .where('rating_id', 'in', ratings.map((r) => r.id))
        .where('closed_at', 'is', null)
        .orderBy('created_at', 'desc'),
    );
    return ratings.map((r) => ({
      id: r.id,
      donationId: r.donation_id,
      donationTitle: r.title,
      raterId: r.rater_id,
      ratedId: r.rated_id,
      value: r.value as RatingValue,
      reason: r.reason as RatingReason | null,
      comment: r.comment!,
      createdAt: r.created_at.toISOString(),
      reports: reports
        .filter((report) => report.rating_id === r.id)
        .map((report) => ({ id: report.id, reason: report.reason as RatingReportReason, details: report.details, createdAt: report.created_at.toISOString() })),
    }));
  }

  /** The comment is acceptable: its open reports close as dismissed; calling again closes none. */
  dismiss(actor: Actor, ratingId: number): Promise<RatingModerationResult> {
    return this.decide(actor, ratingId, 'dismissed');
  }

  /**
   * The comment goes, with who removed it and when; the rating (its value, its place in the
   * record) stays, and its open reports close as removed.
   */
  removeComment(actor: Actor, ratingId: number): Promise<RatingModerationResult> {
    return this.decide(actor, ratingId, 'removed');
  }

  private decide(actor: Actor, ratingId: number, outcome: 'dismissed' | 'removed'): Promise<RatingModerationResult> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    return this.dataSource.transaction(async (manager) => {
      const refused = moderationRefusal(actor, await this.lockedRating(manager, ratingId), outcome === 'removed');
      if (refused) throw refusal(refused);
      if (outcome === 'removed') {
        await write(
          manager,
          db.updateTable('ratings').set({ comment: null, comment_removed_at: sql<Date>`now()`, comment_removed_by: actor.id }).where('id', '=', ratingId),
        );
      }
      const closedReports = await write(
        manager,
        db
          .updateTable('rating_reports')
          .set({ closed_at: sql<Date>`now()`, closed_by: actor.id, outcome })
          .where('rating_id', '=', ratingId)
          .where('closed_at', 'is', null),
      );
      // The log says what was decided, never the removed words (they are gone for good).
      await recordModeratorAction(manager, SCHEMA, {
        actorId: actor.id,
        action: outcome === 'removed' ? 'rating.comment.remove' : 'rating.reports.dismiss',
        targetType: 'rating',
        targetId: ratingId,
        details: { closedReports },
      });
      return { ratingId, commentRemoved: outcome === 'removed', closedReports };
    });
  }
}
