import { DataSource } from 'typeorm';
import { databaseTimeoutsOf, serviceDataSourceOptions, type DatabaseConfigOf } from '@hdiya/platform';
import { SCHEMA, type DonationsConfig } from '../config.js';
import { Category } from '../categories/category.entity.js';
import { Member } from '../members/member.entity.js';
import { InitialDonationsSchema1763750000000 } from './migrations/1763750000000-InitialDonationsSchema.js';
import { DonationsCatalogue1763760000000 } from './migrations/1763760000000-DonationsCatalogue.js';
import { Reservations1763770000000 } from './migrations/1763770000000-Reservations.js';
import { AbortingReservations1763780000000 } from './migrations/1763780000000-AbortingReservations.js';
import { DonationImages1763790000000 } from './migrations/1763790000000-DonationImages.js';

export function donationsDataSourceOptions(config: DatabaseConfigOf<DonationsConfig>) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    entities: [Category, Member],
    migrations: [InitialDonationsSchema1763750000000, DonationsCatalogue1763760000000, Reservations1763770000000, AbortingReservations1763780000000, DonationImages1763790000000],
    poolSize: config.DATABASE_POOL_SIZE,
    timeouts: databaseTimeoutsOf(config),
    applicationName: 'donations',
  });
}

export const createDonationsDataSource = (config: DatabaseConfigOf<DonationsConfig>) =>
  new DataSource(donationsDataSourceOptions(config));
