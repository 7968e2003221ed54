import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PointsRules, type ReceptionConfirmedV1, type ReceptionDisputedV1 } from '@hdiya/contracts';
import { firstRow, sql, write } from '@hdiya/platform';
import { POINTS_CONFIG, type PointsConfig } from '../config.js';
import { db } from '../database/db.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { disputedReward, giftRewardSplit, publishReward, receptionReward, rewardWithheld, type GiftRewardRules } from '../ledger/ledger.rules.js';
import { DonationRewardsService } from './donation-rewards.service.js';

/**
 * What a confirmed gift pays its donor (docs/decisions/0019-points-economy-against-pairs.md):
 * the +5 for publishing and the +5 for giving, within a daily cap per donor, and nothing once the
 * same two members already completed `giftPairLimit` gifts in the window. Each gift is kept in
 * `points.gifts` (once per reservation), which the caps, the welcome lock and the moderators'
 * list of pairs read. Both members' accounts are locked first, so two gifts of a donor or of a
 * pair are decided one after the other.
 */
@Injectable()
export class GiftRewardsService {
  private readonly rules: GiftRewardRules;

  constructor(
    private readonly ledger: LedgerService,
    private readonly publishing: DonationRewardsService,
    @Inject(POINTS_CONFIG) config: PointsConfig,
  ) {
    this.rules = { dailyCap: config.GIFT_POINTS_DAILY_CAP, pairLimit: PointsRules.giftPairLimit };
  }

  /**
   * The donor disputed the reception (decision 0056): the reception reward this gift paid goes
   * back (never below 0). The publishing reward stays: the item is available again and pays no
   * second one when it is given; the gift stays in `points.gifts`, so the caps still count it.
   */
  async onDisputed(manager: EntityManager, event: ReceptionDisputedV1): Promise<void> {
    await this.ledger.lockAccounts(manager, [event.ownerId, event.reserverId]);
    const paid = await firstRow(
      manager,
      db.selectFrom('ledger_entries').select('amount').where('reference', '=', event.reservationId).where('reason', '=', 'reception_reward'),
    );
    if (!paid) return;
    const balance = await this.ledger.lockAccount(manager, event.ownerId);
    const ref = { reservationId: event.reservationId, donationId: event.donationId, title: event.title };
    const taken = disputedReward(event.ownerId, ref, paid.amount, balance.points);
    if (!taken) return;
    await this.ledger.record(manager, taken);
    await this.ledger.announce(manager, [event.ownerId], 'reception_disputed');
  }

  /** Pays (or withholds) the gift's rewards, once per reservation. The caller announces the balances. */
  async onGiven(manager: EntityManager, event: ReceptionConfirmedV1): Promise<void> {
    const publishDue = await this.publishing.claimOnGift(manager, event);
    await this.ledger.lockAccounts(manager, [event.ownerId, event.reserverId]);
    const known = await firstRow(
      manager,
      db
        .selectFrom('gifts')
        .select(sql<number>`1`.as('known'))
        .where('reservation_id', '=', event.reservationId)
        .unionAll(
          db.selectFrom('ledger_entries').select(sql<number>`1`.as('known')).where('reference', '=', event.reservationId).where('reason', '=', 'reception_reward'),
        ),
    );
    if (known) return;

    const at = event.confirmedAt;
    const { earned } = (await firstRow(
      manager,
      db
        .selectFrom('gifts')
        .select(sql<number>`COALESCE(sum("paid"), 0)::int`.as('earned'))
        .where('owner_id', '=', event.ownerId)
        .where('confirmed_at', '>', sql<Date>`${at}::timestamptz - interval '24 hours'`),
    ))!;
    const { gifts } = (await firstRow(
      manager,
      db
        .selectFrom('gifts')
        .select(sql<number>`count(*)::int`.as('gifts'))
        .where(sql`LEAST("owner_id", "reserver_id")`, '=', sql`LEAST(${event.ownerId}::uuid, ${event.reserverId}::uuid)`)
        .where(sql`GREATEST("owner_id", "reserver_id")`, '=', sql`GREATEST(${event.ownerId}::uuid, ${event.reserverId}::uuid)`)
        .where('confirmed_at', '>', sql<Date>`${at}::timestamptz - make_interval(days => ${PointsRules.giftPairWindowDays})`),
    ))!;

    const split = giftRewardSplit(this.rules, { publishDue, earnedToday: earned, pairGifts: gifts });
    await write(
      manager,
      db.insertInto('gifts').values({
        reservation_id: event.reservationId,
        donation_id: event.donationId,
        owner_id: event.ownerId,
        reserver_id: event.reserverId,
        confirmed_at: at,
        paid: split.publish + split.reception,
        withheld: split.withheld,
        withheld_by: split.withheldBy,
      }),
    );
    const ref = { reservationId: event.reservationId, donationId: event.donationId, title: event.title };
    if (split.publish > 0) await this.ledger.record(manager, publishReward(event.ownerId, event.donationId, event.title, split.publish));
    if (split.reception > 0) await this.ledger.record(manager, receptionReward(event.ownerId, event.reserverId, ref, split.reception));
    if (split.withheldBy) await this.ledger.record(manager, rewardWithheld(event.ownerId, event.reserverId, ref, split.withheldBy));
  }
}
