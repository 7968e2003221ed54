import 'reflect-metadata';
import { bootstrapMicroservice, createLogger, natsAuthOf } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { loadUsersConfig } from './config.js';

const config = loadUsersConfig();
const logger = createLogger('users', config.LOG_LEVEL, config.LOG_FORMAT);
await bootstrapMicroservice({
  service: 'users',
  module: AppModule.register(config),
  natsUrl: config.NATS_URL,
  nats: natsAuthOf(config, 'users'),
  logger,
  metricsPort: config.METRICS_PORT,
});
