import 'reflect-metadata';
import { bootstrapMicroservice } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { assertMailLinkSecret, loadMessagingConfig } from './config.js';

const config = loadMessagingConfig();
assertMailLinkSecret(config);
await bootstrapMicroservice('messaging', config, AppModule.register(config));
