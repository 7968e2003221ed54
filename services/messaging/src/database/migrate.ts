import { runMigrations } from '@hdiya/platform';
import { loadMessagingConfig } from '../config.js';
import { createMessagingDataSource } from './data-source.js';

await runMigrations(createMessagingDataSource(loadMessagingConfig()), 'messaging');
