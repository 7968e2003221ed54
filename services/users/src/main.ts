import 'reflect-metadata';
import { bootstrapMicroservice } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { loadUsersConfig } from './config.js';

const config = loadUsersConfig();
await bootstrapMicroservice('users', config, AppModule.register(config));
