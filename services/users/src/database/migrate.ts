import { MIGRATION_TIMEOUTS, runMigrations } from '@hdiya/platform';
import { loadUsersConfig } from '../config.js';
import { createUsersDataSource } from './data-source.js';

await runMigrations(createUsersDataSource({ ...loadUsersConfig(), ...MIGRATION_TIMEOUTS }), 'users');
