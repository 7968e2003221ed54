import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, RatingMessages, type Actor, type DonationStatus, type RateDonationInput, type RatingReason, type RatingValue, type RatingView } from '@hdiya/contracts';
import { firstRow, rpcError } from '@hdiya/platform';
import { Clock } from '../core/clock.js';
import { refusal } from '../core/refusal.js';
import { db } from '../database/db.js';
import { ratedMemberOf, rateRefusal } from './rating.rules.js';

@Injectable()
export class RatingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Donor or receiver rates the other, once per gift (docs/product.md#ratings); verified when the
   * gift was confirmed with the handover code. Read and written in one transaction: the unique
   * (donation, rater) pair makes a second rating a 409 even when two arrive together.
   */
  async rate(actor: Actor, donationId: number, input: RateDonationInput): Promise<RatingView> {
    return this.dataSource.transaction(async (manager) => {
      const gift = await firstRow(
        manager,
        db
          .selectFrom('donations as d')
          .leftJoin('reservations as r', (join) => join.onRef('r.id', '=', 'd.reservation_id').on('r.state', '=', 'completed'))
          .select(['d.status', 'd.owner_id', 'd.reserved_by_id', 'r.closed_at', 'r.confirmed_with_code'])
          .where('d.id', '=', donationId),
      );
      if (!gift) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
      const facts = { status: gift.status as DonationStatus, ownerId: gift.owner_id, receiverId: gift.reserved_by_id, givenAt: gift.closed_at };
      const refused = rateRefusal(facts, actor.id, this.clock.now());
      if (refused) throw refusal(refused);
      const row = await firstRow(
        manager,
        db
          .insertInto('ratings')
          .values({
            donation_id: donationId,
            rater_id: actor.id,
            rated_id: ratedMemberOf(facts, actor.id),
            value: input.value,
            // A reason is asked for a down rating only; an up rating keeps none.
            reason: input.value === 'down' ? input.reason! : null,
            comment: input.comment || null,
            verified: gift.confirmed_with_code ?? false,
          })
          .onConflict((conflict) => conflict.columns(['donation_id', 'rater_id']).doNothing())
          .returning(['id', 'rated_id', 'value', 'reason', 'comment', 'verified', 'created_at']),
      );
      if (!row) throw rpcError(409, ErrorCodes.ALREADY_RATED, RatingMessages.already);
      return {
        id: row.id,
        donationId,
        ratedId: row.rated_id,
        value: row.value as RatingValue,
        reason: row.reason as RatingReason | null,
        comment: row.comment,
        verified: row.verified,
        createdAt: row.created_at.toISOString(),
      };
    });
  }
}
