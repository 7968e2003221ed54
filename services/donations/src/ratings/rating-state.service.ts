import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { disputableUntil, ratingOpenUntil, type Actor, type RatingStateView, type RatingValue } from '@hdiya/contracts';
import { firstRow } from '@hdiya/platform';
import { db } from '../database/db.js';

@Injectable()
export class RatingStateService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * What the donation page needs to offer its donor or receiver the rating form: their rating so
   * far and the end of the window (null before the handover), and for the donor of a reception
   * confirmed without the code, until when they may dispute it. Null for anyone else: a third
   * member learns nothing about who rated what.
   */
  async state(actor: Actor, donationId: number): Promise<RatingStateView | null> {
    const row = await firstRow(
      this.dataSource.manager,
      db
        .selectFrom('donations as d')
        .leftJoin('reservations as r', (join) => join.onRef('r.id', '=', 'd.reservation_id').on('r.state', '=', 'completed'))
        .leftJoin('ratings as mine', (join) => join.onRef('mine.donation_id', '=', 'd.id').on('mine.rater_id', '=', actor.id))
        .select(['d.status', 'd.owner_id', 'd.reserved_by_id', 'r.closed_at', 'r.confirmed_with_code', 'mine.value', 'mine.created_at'])
        .where('d.id', '=', donationId),
    );
    if (!row || (row.owner_id !== actor.id && row.reserved_by_id !== actor.id)) return null;
    const given = row.status === 'completed' && row.closed_at !== null;
    return {
      myRating: row.value && row.created_at ? { value: row.value as RatingValue, createdAt: row.created_at.toISOString() } : null,
      ratingOpenUntil: given ? ratingOpenUntil(row.closed_at!).toISOString() : null,
      disputableUntil: given && row.owner_id === actor.id && row.confirmed_with_code === false ? disputableUntil(row.closed_at!).toISOString() : null,
    };
  }
}
