import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DonationCreatedV1, DonationDeletedV1, DonationUpdatedV1 } from '@hdiya/contracts';
import { LedgerService } from '../ledger/ledger.service.js';
import { publishReward, withdrawalReversal } from '../ledger/ledger.rules.js';

type RewardState = 'credited' | 'reversed' | 'withdrawn';

/**
 * The +5 for publishing a donation and its reversal when the donation is withdrawn unused.
 * One row per donation records where its reward stands, so the outcome does not depend on the
 * order events arrive in: a deletion seen before the creation leaves a tombstone and the late
 * creation then credits nothing.
 */
@Injectable()
export class DonationRewardsService {
  constructor(private readonly ledger: LedgerService) {}

  async onCreated(manager: EntityManager, event: DonationCreatedV1): Promise<void> {
    const inserted = (await manager.query(
      `INSERT INTO "points"."donation_rewards" ("donation_id", "owner_id", "title", "state") VALUES ($1, $2, $3, 'credited')
       ON CONFLICT DO NOTHING RETURNING "donation_id"`,
      [event.donationId, event.ownerId, event.title],
    )) as unknown[];
    if (inserted.length === 0) return;
    await this.ledger.record(manager, publishReward(event.ownerId, event.donationId, event.title));
    await this.ledger.announce(manager, [event.ownerId], 'donation_published');
  }

  async onUpdated(manager: EntityManager, event: DonationUpdatedV1): Promise<void> {
    await manager.query(`UPDATE "points"."donation_rewards" SET "title" = $2, "updated_at" = now() WHERE "donation_id" = $1`, [
      event.donationId,
      event.title,
    ]);
  }

  async onDeleted(manager: EntityManager, event: DonationDeletedV1): Promise<void> {
    // A donation that was given keeps its reward.
    if (event.status === 'completed') return;
    const [reward] = (await manager.query(`SELECT "state" FROM "points"."donation_rewards" WHERE "donation_id" = $1 FOR UPDATE`, [
      event.donationId,
    ])) as { state: RewardState }[];
    if (!reward) {
      await manager.query(
        `INSERT INTO "points"."donation_rewards" ("donation_id", "owner_id", "title", "state") VALUES ($1, $2, $3, 'withdrawn')`,
        [event.donationId, event.ownerId, event.title],
      );
      return;
    }
    if (reward.state !== 'credited') return;
    const balance = await this.ledger.lockAccount(manager, event.ownerId);
    const reversal = withdrawalReversal(event.ownerId, event.donationId, event.title, balance.points);
    if (reversal) {
      await this.ledger.record(manager, reversal);
      await this.ledger.announce(manager, [event.ownerId], 'donation_withdrawn');
    }
    await manager.query(`UPDATE "points"."donation_rewards" SET "state" = 'reversed', "updated_at" = now() WHERE "donation_id" = $1`, [
      event.donationId,
    ]);
  }
}
