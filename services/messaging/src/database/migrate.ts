import { MIGRATION_TIMEOUTS, runMigrations } from '@hdiya/platform';
import { loadMessagingConfig } from '../config.js';
import { createMessagingDataSource } from './data-source.js';

await runMigrations(createMessagingDataSource({ ...loadMessagingConfig(), ...MIGRATION_TIMEOUTS }), 'messaging');
