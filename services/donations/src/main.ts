import 'reflect-metadata';
import { bootstrapMicroservice } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { loadDonationsConfig } from './config.js';

const config = loadDonationsConfig();
await bootstrapMicroservice('donations', config, AppModule.register(config));
