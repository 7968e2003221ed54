import { HandoverRules } from '@hdiya/contracts';
import { sql } from '@hdiya/platform';
import { db } from '../database/db.js';

/**
 * The ratings of `userId` that count in their record, level and public comments (decision 0056):
 * those of gifts confirmed with the handover code, and those of gifts the receiver confirmed alone
 * once the donor's 48 hours to dispute have passed, from a rater with a gift of their own confirmed
 * with the code. A fresh account confirming alone and rating at once counts for nothing.
 */
export function countedRatings(userId: string, now: Date) {
  const disputeEnded = new Date(now.getTime() - HandoverRules.disputeHours * 3_600_000);
  return db
    .selectFrom('ratings as r')
    .where('r.rated_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('r.verified', '=', true),
        eb.and([
          eb.exists(
            eb
              .selectFrom('donations as d')
              .innerJoin('reservations as g', 'g.id', 'd.reservation_id')
              .select(sql<number>`1`.as('one'))
              .whereRef('d.id', '=', 'r.donation_id')
              .where('g.closed_at', '<=', disputeEnded),
          ),
          eb.exists(
            eb
              .selectFrom('reservations as own')
              .select(sql<number>`1`.as('one'))
              .where('own.state', '=', 'completed')
              .where('own.confirmed_with_code', '=', true)
              .where((o) => o.or([o('own.owner_id', '=', o.ref('r.rater_id')), o('own.reserver_id', '=', o.ref('r.rater_id'))])),
          ),
        ]),
      ]),
    );
}
