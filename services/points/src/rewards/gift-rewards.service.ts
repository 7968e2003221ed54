import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PointsRules, type ReceptionConfirmedV1 } from '@hdiya/contracts';
import { POINTS_CONFIG, SCHEMA, type PointsConfig } from '../config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { giftRewardSplit, publishReward, receptionReward, rewardWithheld, type GiftRewardRules } from '../ledger/ledger.rules.js';
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

  /** Pays (or withholds) the gift's rewards, once per reservation. The caller announces the balances. */
  async onGiven(manager: EntityManager, event: ReceptionConfirmedV1): Promise<void> {
    const publishDue = await this.publishing.claimOnGift(manager, event);
    await this.ledger.lockAccounts(manager, [event.ownerId, event.reserverId]);
    const [known] = (await manager.query(
      `SELECT 1 FROM "${SCHEMA}"."gifts" WHERE "reservation_id" = $1
       UNION ALL SELECT 1 FROM "${SCHEMA}"."ledger_entries" WHERE "reference" = $1 AND "reason" = 'reception_reward'`,
      [event.reservationId],
    )) as unknown[];
    if (known) return;

    const at = event.confirmedAt;
    const [{ earned }] = (await manager.query(
      `SELECT COALESCE(sum("paid"), 0)::int AS "earned" FROM "${SCHEMA}"."gifts"
       WHERE "owner_id" = $1 AND "confirmed_at" > $2::timestamptz - interval '24 hours'`,
      [event.ownerId, at],
    )) as { earned: number }[];
    const [{ gifts }] = (await manager.query(
      `SELECT count(*)::int AS "gifts" FROM "${SCHEMA}"."gifts"
       WHERE LEAST("owner_id", "reserver_id") = LEAST($1::uuid, $2::uuid) AND GREATEST("owner_id", "reserver_id") = GREATEST($1::uuid, $2::uuid)
         AND "confirmed_at" > $3::timestamptz - make_interval(days => $4)`,
      [event.ownerId, event.reserverId, at, PointsRules.giftPairWindowDays],
    )) as { gifts: number }[];

    const split = giftRewardSplit(this.rules, { publishDue, earnedToday: earned!, pairGifts: gifts! });
    await manager.query(
      `INSERT INTO "${SCHEMA}"."gifts" ("reservation_id", "donation_id", "owner_id", "reserver_id", "confirmed_at", "paid", "withheld", "withheld_by")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [event.reservationId, event.donationId, event.ownerId, event.reserverId, at, split.publish + split.reception, split.withheld, split.withheldBy],
    );
    const ref = { reservationId: event.reservationId, donationId: event.donationId, title: event.title };
    if (split.publish > 0) await this.ledger.record(manager, publishReward(event.ownerId, event.donationId, event.title, split.publish));
    if (split.reception > 0) await this.ledger.record(manager, receptionReward(event.ownerId, event.reserverId, ref, split.reception));
    if (split.withheldBy) await this.ledger.record(manager, rewardWithheld(event.ownerId, event.reserverId, ref, split.withheldBy));
  }
}
