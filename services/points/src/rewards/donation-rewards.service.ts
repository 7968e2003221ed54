import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DonationCreatedV1, DonationDeletedV2, DonationUpdatedV1, ReceptionConfirmedV1 } from '@hdiya/contracts';
import { LedgerService } from '../ledger/ledger.service.js';
import { withdrawalReversal } from '../ledger/ledger.rules.js';
import { SCHEMA } from '../config.js';

/**
 * awaiting: published, not given yet (no points). credited: the gift settled it (paid, or withheld by
 * the caps of decision 0019). withdrawn: deleted
 * before being given (nothing was paid). reversed: a reward paid under the old rule, taken back.
 */
type RewardState = 'awaiting' | 'credited' | 'reversed' | 'withdrawn';

/**
 * The +5 for publishing a donation, paid only once the item is given (reception confirmed):
 * paying at publication let members publish, transfer the points away and delete, minting points
 * (docs/decisions/0012-publishing-reward-on-gift.md). One row per donation records where its
 * reward stands, so the outcome does not depend on the order events arrive in.
 */
@Injectable()
export class DonationRewardsService {
  constructor(private readonly ledger: LedgerService) {}

  async onCreated(manager: EntityManager, event: DonationCreatedV1): Promise<void> {
    await manager.query(
      `INSERT INTO "${SCHEMA}"."donation_rewards" ("donation_id", "owner_id", "title", "state") VALUES ($1, $2, $3, 'awaiting')
       ON CONFLICT DO NOTHING`,
      [event.donationId, event.ownerId, event.title],
    );
  }

  async onUpdated(manager: EntityManager, event: DonationUpdatedV1): Promise<void> {
    await manager.query(`UPDATE "${SCHEMA}"."donation_rewards" SET "title" = $2, "updated_at" = now() WHERE "donation_id" = $1`, [
      event.donationId,
      event.title,
    ]);
  }

  /**
   * The item was given: marks its publishing reward as paid, once, and says whether it is still
   * to pay (false when it was paid at publication under the old rule). The gift rewards service
   * pays it, within the donor's caps.
   */
  async claimOnGift(manager: EntityManager, event: ReceptionConfirmedV1): Promise<boolean> {
    const reward = await this.lockReward(manager, event.donationId);
    if (reward && reward.state !== 'awaiting') return false;
    if (reward) {
      await manager.query(`UPDATE "${SCHEMA}"."donation_rewards" SET "state" = 'credited', "updated_at" = now() WHERE "donation_id" = $1`, [event.donationId]);
    } else {
      await manager.query(
        `INSERT INTO "${SCHEMA}"."donation_rewards" ("donation_id", "owner_id", "title", "state") VALUES ($1, $2, $3, 'credited')`,
        [event.donationId, event.ownerId, event.title],
      );
    }
    return true;
  }

  async onDeleted(manager: EntityManager, event: DonationDeletedV2): Promise<void> {
    // A donation that was given keeps its reward.
    if (event.status === 'completed') return;
    const reward = await this.lockReward(manager, event.donationId);
    if (!reward) {
      // The deletion overtook the creation: a tombstone, so the late creation awaits nothing.
      await manager.query(
        `INSERT INTO "${SCHEMA}"."donation_rewards" ("donation_id", "owner_id", "title", "state") VALUES ($1, $2, $3, 'withdrawn')`,
        [event.donationId, event.ownerId, event.title],
      );
      return;
    }
    if (reward.state === 'awaiting') {
      await this.setState(manager, event.donationId, 'withdrawn');
      return;
    }
    if (reward.state !== 'credited') return;
    // Only rewards paid at publication, before the rule changed, get here: the old reversal applies.
    const balance = await this.ledger.lockAccount(manager, event.ownerId);
    const reversal = withdrawalReversal(event.ownerId, event.donationId, event.title, balance.points);
    if (reversal) {
      await this.ledger.record(manager, reversal);
      await this.ledger.announce(manager, [event.ownerId], 'donation_withdrawn');
    }
    await this.setState(manager, event.donationId, 'reversed');
  }

  private async lockReward(manager: EntityManager, donationId: number): Promise<{ state: RewardState } | undefined> {
    const [reward] = (await manager.query(`SELECT "state" FROM "${SCHEMA}"."donation_rewards" WHERE "donation_id" = $1 FOR UPDATE`, [
      donationId,
    ])) as { state: RewardState }[];
    return reward;
  }

  private async setState(manager: EntityManager, donationId: number, state: RewardState): Promise<void> {
    await manager.query(`UPDATE "${SCHEMA}"."donation_rewards" SET "state" = $2, "updated_at" = now() WHERE "donation_id" = $1`, [donationId, state]);
  }
}
