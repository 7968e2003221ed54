import { MIGRATION_TIMEOUTS, runMigrations } from '@hdiya/platform';
import { loadPointsConfig } from '../config.js';
import { createPointsDataSource } from './data-source.js';

await runMigrations(createPointsDataSource({ ...loadPointsConfig(), ...MIGRATION_TIMEOUTS }), 'points');
