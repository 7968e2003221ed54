import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RatingRules, type TrustRecordView } from '@hdiya/contracts';
import { firstRow, sql } from '@hdiya/platform';
import { Clock } from '../core/clock.js';
import { db } from '../database/db.js';

const NO_SHOW_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

@Injectable()
export class TrustRecordService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * A member's record (docs/product.md#public-record): gifts handed over and received, ratings of
   * them (null under 3), and their reservations that expired uncollected in 90 days.
   */
  async record(userId: string): Promise<TrustRecordView> {
    const since = new Date(this.clock.now().getTime() - NO_SHOW_WINDOW_MS);
    const count = sql<number>`count(*)::int`;
    // One pass over the member's ratings (an aggregate without GROUP BY: always one row), the
    // gift and no-show counts beside it as scalar subqueries: one round trip.
    const row = await firstRow(
      this.dataSource.manager,
      db
        .selectFrom('ratings')
        .where('rated_id', '=', userId)
        .select([
          sql<number>`count(*) FILTER (WHERE value = 'up')::int`.as('up'),
          sql<number>`count(*) FILTER (WHERE value = 'down')::int`.as('down'),
          sql<number>`count(*) FILTER (WHERE verified)::int`.as('verified'),
          db.selectFrom('donations').select(count.as('n')).where('owner_id', '=', userId).where('status', '=', 'completed').as('given'),
          db.selectFrom('reservations').select(count.as('n')).where('reserver_id', '=', userId).where('state', '=', 'completed').as('received'),
          db
            .selectFrom('reservations')
            .select(count.as('n'))
            .where('reserver_id', '=', userId)
            .where('state', '=', 'expired')
            .where('closed_at', '>', since)
            .as('no_shows'),
        ]),
    );
    const { given, received, no_shows, up, down, verified } = row!;
    return {
      given: given ?? 0,
      received: received ?? 0,
      ratings: up + down >= RatingRules.shownFrom ? { up, down, verified } : null,
      noShows90d: no_shows ?? 0,
    };
  }
}
