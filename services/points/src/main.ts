import 'reflect-metadata';
import { bootstrapMicroservice } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { loadPointsConfig } from './config.js';

const config = loadPointsConfig();
await bootstrapMicroservice('points', config, AppModule.register(config));
