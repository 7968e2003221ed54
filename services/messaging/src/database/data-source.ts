import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@hdiya/platform';
import { SCHEMA, type MessagingConfig } from '../config.js';
import { InitialMessagingSchema1763750000000 } from './migrations/1763750000000-InitialMessagingSchema.js';

export function messagingDataSourceOptions(config: Pick<MessagingConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    entities: [],
    migrations: [InitialMessagingSchema1763750000000],
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'messaging',
  });
}

export const createMessagingDataSource = (config: Pick<MessagingConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>) =>
  new DataSource(messagingDataSourceOptions(config));
