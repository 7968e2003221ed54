import { DataSource } from 'typeorm';
import { databaseTimeoutsOf, serviceDataSourceOptions, type DatabaseConfigOf } from '@hdiya/platform';
import { SCHEMA, type PointsConfig } from '../config.js';
import { InitialPointsSchema1763750000000 } from './migrations/1763750000000-InitialPointsSchema.js';
import { DonationRewards1763760000000 } from './migrations/1763760000000-DonationRewards.js';
import { HoldsTransfersHistory1763770000000 } from './migrations/1763770000000-HoldsTransfersHistory.js';
import { RewardOnGift1763780000000 } from './migrations/1763780000000-RewardOnGift.js';
import { GiftEconomy1763790000000 } from './migrations/1763790000000-GiftEconomy.js';
import { MemberJoinedAt1765000000000 } from './migrations/1765000000000-MemberJoinedAt.js';
import { PseudonymousLedger1797600000000 } from './migrations/1797600000000-PseudonymousLedger.js';

export function pointsDataSourceOptions(config: DatabaseConfigOf<PointsConfig>) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    // Plain SQL through the EntityManager throughout (upserts, row and advisory locks): no entities.
    entities: [],
    migrations: [InitialPointsSchema1763750000000, DonationRewards1763760000000, HoldsTransfersHistory1763770000000, RewardOnGift1763780000000, GiftEconomy1763790000000, MemberJoinedAt1765000000000, PseudonymousLedger1797600000000],
    poolSize: config.DATABASE_POOL_SIZE,
    timeouts: databaseTimeoutsOf(config),
    applicationName: 'points',
  });
}

export const createPointsDataSource = (config: DatabaseConfigOf<PointsConfig>) =>
  new DataSource(pointsDataSourceOptions(config));
