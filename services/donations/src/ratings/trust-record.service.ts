import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LevelRules, memberLevel, PointsRules, RatingRules, type TrustRecordView } from '@hdiya/contracts';
import { firstRow, sql } from '@hdiya/platform';
import { Clock } from '../core/clock.js';
import { db } from '../database/db.js';
import { countedRatings } from './counted-ratings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_SHOW_WINDOW_MS = 90 * DAY_MS;

@Injectable()
export class TrustRecordService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * A member's record (docs/product.md#public-record, decision 0056): gifts handed over and
   * received with the handover code, those the receiver confirmed alone apart, the ratings that
   * count (null under 3), reservations that expired uncollected in 90 days, and the level they earn.
   */
  async record(userId: string): Promise<TrustRecordView> {
    const now = this.clock.now();
    const count = sql<number>`count(*)::int`;
    const pairWindow = sql.raw(`interval '${PointsRules.giftPairWindowDays} days'`);
    const onceIn = sql.raw(`interval '${LevelRules.counterpartyOncePerDays} days'`);
    const row = await firstRow(
      this.dataSource.manager,
      db
        // Every gift the member took part in, with the other member.
        .with('gifts', (w) =>
          w
            .selectFrom('reservations')
            .select((eb) => [
              'closed_at',
              'confirmed_with_code',
              eb.case().when('owner_id', '=', userId).then(eb.ref('reserver_id')).else(eb.ref('owner_id')).end().as('other_id'),
              eb.case().when('owner_id', '=', userId).then(true).else(false).end().as('gave'),
            ])
            .where('state', '=', 'completed')
            .where((eb) => eb.or([eb('owner_id', '=', userId), eb('reserver_id', '=', userId)])),
        )
        // Members the gift-pair rule flags: more than its limit of gifts together within its window.
        .with('paired', (w) =>
          w
            .selectFrom('gifts')
            .select(['other_id', sql<number>`count(*) OVER (PARTITION BY other_id ORDER BY closed_at RANGE BETWEEN ${pairWindow} PRECEDING AND CURRENT ROW)`.as('together')]),
        )
        // Gifts with the code, each with the previous one with the same member.
        .with('verified', (w) =>
          w
            .selectFrom('gifts')
            .select(['closed_at', sql<Date | null>`lag(closed_at) OVER (PARTITION BY other_id ORDER BY closed_at)`.as('previous')])
            .where('confirmed_with_code', '=', true)
            .where('other_id', 'not in', (eb) => eb.selectFrom('paired').select('other_id').where('together', '>', PointsRules.giftPairLimit)),
        )
        .with('rated', () => countedRatings(userId, now).select(['r.value', 'r.verified']))
        .selectNoFrom((eb) => [
          eb.selectFrom('gifts').select(count.as('n')).where('gave', '=', true).where('confirmed_with_code', '=', true).as('given'),
          eb.selectFrom('gifts').select(count.as('n')).where('gave', '=', false).where('confirmed_with_code', '=', true).as('received'),
          eb.selectFrom('gifts').select(count.as('n')).where('confirmed_with_code', '=', false).as('declared'),
          eb
            .selectFrom('verified')
            .select(count.as('n'))
            .where((v) => v.or([v('previous', 'is', null), v('closed_at', '>', sql<Date>`previous + ${onceIn}`)]))
            .as('level_gifts'),
          eb.selectFrom('rated').select(sql<number>`count(*) FILTER (WHERE value = 'up')::int`.as('n')).as('up'),
          eb.selectFrom('rated').select(sql<number>`count(*) FILTER (WHERE value = 'down')::int`.as('n')).as('down'),
          eb.selectFrom('rated').select(sql<number>`count(*) FILTER (WHERE verified)::int`.as('n')).as('verified'),
          eb
            .selectFrom('reservations')
            .select(count.as('n'))
            .where('reserver_id', '=', userId)
            .where('state', '=', 'expired')
            .where('closed_at', '>', new Date(now.getTime() - NO_SHOW_WINDOW_MS))
            .as('no_shows'),
          eb.selectFrom('members').select('joined_at').where('user_id', '=', userId).as('joined_at'),
        ]),
    );
    const { given, received, declared, level_gifts, up, down, verified, no_shows, joined_at } = row!;
    const ratings = (up ?? 0) + (down ?? 0) >= RatingRules.shownFrom ? { up: up!, down: down!, verified: verified ?? 0 } : null;
    const noShows90d = no_shows ?? 0;
    const memberDays = joined_at ? Math.floor((now.getTime() - joined_at.getTime()) / DAY_MS) : null;
    return {
      given: given ?? 0,
      received: received ?? 0,
      declared: declared ?? 0,
      ratings,
      noShows90d,
      memberSince: joined_at ? joined_at.toISOString() : null,
      level: memberLevel({ gifts: level_gifts ?? 0, ratings, noShows90d, memberDays }),
    };
  }
}
