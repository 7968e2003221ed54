import { MIGRATION_TIMEOUTS, runMigrations } from '@hdiya/platform';
import { loadDonationsConfig } from '../config.js';
import { createDonationsDataSource } from './data-source.js';

await runMigrations(createDonationsDataSource({ ...loadDonationsConfig(), ...MIGRATION_TIMEOUTS }), 'donations');
