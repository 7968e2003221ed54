import 'reflect-metadata';
import { bootstrapMicroservice, createLogger, natsAuthOf } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { loadDonationsConfig } from './config.js';

const config = loadDonationsConfig();
const logger = createLogger('donations', config.LOG_LEVEL, config.LOG_FORMAT);
await bootstrapMicroservice({
  service: 'donations',
  module: AppModule.register(config),
  natsUrl: config.NATS_URL,
  nats: natsAuthOf(config, 'donations'),
  logger,
  metricsPort: config.METRICS_PORT,
});
