import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorCodes, Messages, PointsRules, type Actor, type GiftPair } from '@hdiya/contracts';
import { rows, rpcError, sql } from '@hdiya/platform';
import { db } from '../database/db.js';

/** The most pairs one answer lists, the most active first (their e-mails fit one contacts request). */
const MAX_PAIRS = 100;

/**
 * Pairs of members who gave to each other more than the pair limit within the window: their
 * further gifts earn nothing, and moderators see them (decision 0019).
 */
@Injectable()
export class GiftPairsService {
  constructor(private readonly dataSource: DataSource) {}

  async list(actor: Actor): Promise<GiftPair[]> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    const recentGifts = db
      .selectFrom('gifts')
      .select((eb) => [
        eb.fn<string>('least', ['owner_id', 'reserver_id']).as('a'),
        eb.fn<string>('greatest', ['owner_id', 'reserver_id']).as('b'),
        sql<number>`count(*)::int`.as('gifts'),
        sql<number>`sum("withheld")::int`.as('withheld'),
        eb.fn.max('confirmed_at').as('last'),
      ])
      .where('confirmed_at', '>', sql<Date>`now() - make_interval(days => ${PointsRules.giftPairWindowDays})`)
      .groupBy([sql`1`, sql`2`])
      .having(sql`count(*)`, '>', PointsRules.giftPairLimit)
      .as('p');
    const pairs = await rows(
      this.dataSource.manager,
      db
        .selectFrom(recentGifts)
        .leftJoin('members as ma', 'ma.user_id', 'p.a')
        .leftJoin('members as mb', 'mb.user_id', 'p.b')
        .select(['p.a', 'p.b', 'p.gifts', 'p.withheld', 'p.last', 'ma.first_name as a_first', 'ma.last_name as a_last'])
        .select(['mb.first_name as b_first', 'mb.last_name as b_last'])
        .orderBy('p.gifts', 'desc')
        .orderBy('p.last', 'desc')
        .limit(MAX_PAIRS),
    );
    return pairs.map((r) => ({
      members: [
        { id: r.a, firstName: r.a_first, lastName: r.a_last },
        { id: r.b, firstName: r.b_first, lastName: r.b_last },
      ],
      gifts: r.gifts,
      withheldPoints: r.withheld,
      lastGiftAt: r.last.toISOString(),
    }));
  }
}
