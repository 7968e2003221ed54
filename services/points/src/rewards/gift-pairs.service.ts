import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorCodes, Messages, PointsRules, type Actor, type GiftPair } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

interface PairRow {
  a: string;
  b: string;
  gifts: number;
  withheld: number;
  last: Date;
  a_first: string | null;
  a_last: string | null;
  b_first: string | null;
  b_last: string | null;
}

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
    const rows = (await this.dataSource.query(
      `SELECT p.a, p.b, p.gifts, p.withheld, p.last, ma.first_name AS a_first, ma.last_name AS a_last, mb.first_name AS b_first, mb.last_name AS b_last
       FROM (
         SELECT LEAST("owner_id", "reserver_id") AS a, GREATEST("owner_id", "reserver_id") AS b,
                count(*)::int AS gifts, sum("withheld")::int AS withheld, max("confirmed_at") AS last
         FROM "${SCHEMA}"."gifts" WHERE "confirmed_at" > now() - make_interval(days => $1)
         GROUP BY 1, 2 HAVING count(*) > $2
       ) p
       LEFT JOIN "${SCHEMA}"."members" ma ON ma.user_id = p.a
       LEFT JOIN "${SCHEMA}"."members" mb ON mb.user_id = p.b
       ORDER BY p.gifts DESC, p.last DESC LIMIT $3`,
      [PointsRules.giftPairWindowDays, PointsRules.giftPairLimit, MAX_PAIRS],
    )) as PairRow[];
    return rows.map((r) => ({
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
