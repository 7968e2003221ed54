import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PointsLimitsView, UsageView } from '@hdiya/contracts';
import { firstRow, sql } from '@hdiya/platform';
import { POINTS_CONFIG, type PointsConfig } from '../config.js';
import { db } from '../database/db.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a member stands against the points caps of decision 0019, over the rolling 24 hours the
 * caps count: reward points their gifts earned and points they sent. Each frees up as its oldest
 * use in the window leaves it.
 */
@Injectable()
export class PointsLimitsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(POINTS_CONFIG) private readonly config: PointsConfig,
  ) {}

  async standing(userId: string): Promise<PointsLimitsView> {
    const row = (await firstRow(
      this.dataSource.manager,
      db.selectNoFrom((eb) => [
        eb
          .selectFrom('gifts')
          .select(sql<number>`COALESCE(sum("paid"), 0)::int`.as('n'))
          .where('owner_id', '=', userId)
          .where('confirmed_at', '>', sql<Date>`now() - interval '24 hours'`)
          .as('earned'),
        eb
          .selectFrom('gifts')
          .select(sql<Date | null>`min("confirmed_at")`.as('at'))
          .where('owner_id', '=', userId)
          .where('paid', '>', 0)
          .where('confirmed_at', '>', sql<Date>`now() - interval '24 hours'`)
          .as('earned_since'),
        eb
          .selectFrom('transfers')
          .select(sql<number>`COALESCE(sum("points"), 0)::int`.as('n'))
          .where('sender_id', '=', userId)
          .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
          .as('sent'),
        eb
          .selectFrom('transfers')
          .select(sql<Date | null>`min("created_at")`.as('at'))
          .where('sender_id', '=', userId)
          .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
          .as('sent_since'),
      ]),
    ))!;
    return {
      giftPoints: usage(row.earned ?? 0, this.config.GIFT_POINTS_DAILY_CAP, row.earned_since ?? null),
      transferPoints: usage(row.sent ?? 0, this.config.TRANSFER_POINTS_DAILY_CAP, row.sent_since ?? null),
    };
  }
}

function usage(used: number, max: number, oldest: Date | null): UsageView {
  return { used, max, freesAt: used > 0 && oldest ? new Date(new Date(oldest).getTime() + DAY_MS).toISOString() : null };
}
