import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DonationCreatedV1, DonationDeletedV2, DonationUpdatedV1, ReceptionConfirmedV1 } from '@hdiya/contracts';
import { LedgerService } from '../ledger/ledger.service.js';
import { withdrawalReversal } from '../ledger/ledger.rules.js';
import { firstRow, sql, write } from '@hdiya/platform';
import { db } from '../database/db.js';

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
    await write(
      manager,
      db
        .insertInto('donation_rewards')
        .values({ donation_id: event.donationId, owner_id: event.ownerId, title: event.title, state: 'awaiting' satisfies RewardState })
        .onConflict((conflict) => conflict.doNothing()),
    );
  }

  async onUpdated(manager: EntityManager, event: DonationUpdatedV1): Promise<void> {
    await write(manager, db.updateTable('donation_rewards').set({ title: event.title, updated_at: sql<Date>`now()` }).where('donation_id', '=', event.donationId));
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
      await this.setState(manager, event.donationId, 'credited');
    } else {
      await this.insertReward(manager, event, 'credited');
    }
    return true;
  }

  async onDeleted(manager: EntityManager, event: DonationDeletedV2): Promise<void> {
    // A donation that was given keeps its reward.
    if (event.status === 'completed') return;
    const reward = await this.lockReward(manager, event.donationId);
    if (!reward) {
      // The deletion overtook the creation: a tombstone, so the late creation awaits nothing.
      await this.insertReward(manager, event, 'withdrawn');
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
    const reward = await firstRow(manager, db.selectFrom('donation_rewards').select('state').where('donation_id', '=', donationId).forUpdate());
    // The column's check constraint allows only these states.
    return reward && { state: reward.state as RewardState };
  }

  private async insertReward(manager: EntityManager, event: { donationId: number; ownerId: string; title: string }, state: RewardState): Promise<void> {
    await write(manager, db.insertInto('donation_rewards').values({ donation_id: event.donationId, owner_id: event.ownerId, title: event.title, state }));
  }

  private async setState(manager: EntityManager, donationId: number, state: RewardState): Promise<void> {
    await write(manager, db.updateTable('donation_rewards').set({ state, updated_at: sql<Date>`now()` }).where('donation_id', '=', donationId));
  }
}
