import { DataSource } from 'typeorm';
import { databaseTimeoutsOf, serviceDataSourceOptions, type DatabaseConfigOf } from '@hdiya/platform';
import { SCHEMA, type DonationsConfig } from '../config.js';
import { InitialDonationsSchema1763750000000 } from './migrations/1763750000000-InitialDonationsSchema.js';
import { DonationsCatalogue1763760000000 } from './migrations/1763760000000-DonationsCatalogue.js';
import { SetAsideUnlinkedReservations1763765000000 } from './migrations/1763765000000-SetAsideUnlinkedReservations.js';
import { Reservations1763770000000 } from './migrations/1763770000000-Reservations.js';
import { AbortingReservations1763780000000 } from './migrations/1763780000000-AbortingReservations.js';
import { DonationImages1763790000000 } from './migrations/1763790000000-DonationImages.js';
import { RestoreUnlinkedReservations1763800000000 } from './migrations/1763800000000-RestoreUnlinkedReservations.js';
import { NeighbourhoodFeatures1764000000000 } from './migrations/1764000000000-NeighbourhoodFeatures.js';
import { SearchSpots1764100000000 } from './migrations/1764100000000-SearchSpots.js';
import { HoardingLimits1764200000000 } from './migrations/1764200000000-HoardingLimits.js';
import { DismissedReports1764310000000 } from './migrations/1764310000000-DismissedReports.js';
import { Ratings1764400000000 } from './migrations/1764400000000-Ratings.js';
import { RequestWindow1764450000000 } from './migrations/1764450000000-RequestWindow.js';
import { RatingModeration1764500000000 } from './migrations/1764500000000-RatingModeration.js';
import { SearchWords1764550000000 } from './migrations/1764550000000-SearchWords.js';
import { CellWords1764600000000 } from './migrations/1764600000000-CellWords.js';
import { SeveralPhotos1764650000000 } from './migrations/1764650000000-SeveralPhotos.js';
import { Asks1764700000000 } from './migrations/1764700000000-Asks.js';
import { SpotWords1764750000000 } from './migrations/1764750000000-SpotWords.js';
import { OwnerOnCards1764800000000 } from './migrations/1764800000000-OwnerOnCards.js';
import { SpotWordsCap1764850000000 } from './migrations/1764850000000-SpotWordsCap.js';
import { SpotWordIndex1764900000000 } from './migrations/1764900000000-SpotWordIndex.js';
import { MemberJoinedAt1765000000000 } from './migrations/1765000000000-MemberJoinedAt.js';
import { DisputedReceptions1765010000000 } from './migrations/1765010000000-DisputedReceptions.js';
import { ModerationLog1766000000000 } from './migrations/1766000000000-ModerationLog.js';
import { MemberStanding1766500000000 } from './migrations/1766500000000-MemberStanding.js';
import { RequestWindowCloseReminder1767046000000 } from './migrations/1767046000000-RequestWindowCloseReminder.js';
import { ArabicTypoKeys1767120000000 } from './migrations/1767120000000-ArabicTypoKeys.js';

/** Every migration, in the order they apply (by timestamp). */
export const DONATIONS_MIGRATIONS = [
  InitialDonationsSchema1763750000000,
  DonationsCatalogue1763760000000,
  SetAsideUnlinkedReservations1763765000000,
  Reservations1763770000000,
  AbortingReservations1763780000000,
  DonationImages1763790000000,
  RestoreUnlinkedReservations1763800000000,
  NeighbourhoodFeatures1764000000000,
  SearchSpots1764100000000,
  HoardingLimits1764200000000,
  DismissedReports1764310000000,
  Ratings1764400000000,
  RequestWindow1764450000000,
  RatingModeration1764500000000,
  SearchWords1764550000000,
  CellWords1764600000000,
  SeveralPhotos1764650000000,
  Asks1764700000000,
  SpotWords1764750000000,
  OwnerOnCards1764800000000,
  SpotWordsCap1764850000000,
  SpotWordIndex1764900000000,
  MemberJoinedAt1765000000000,
  DisputedReceptions1765010000000,
      ModerationLog1766000000000,
      MemberStanding1766500000000,
      RequestWindowCloseReminder1767046000000,
      ArabicTypoKeys1767120000000,
];

export function donationsDataSourceOptions(config: DatabaseConfigOf<DonationsConfig>) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    // Plain SQL through the EntityManager throughout (PostGIS, locks, keyset pages): no entities.
    entities: [],
    migrations: DONATIONS_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    timeouts: databaseTimeoutsOf(config),
    applicationName: 'donations',
  });
}

export const createDonationsDataSource = (config: DatabaseConfigOf<DonationsConfig>) =>
  new DataSource(donationsDataSourceOptions(config));
