import 'reflect-metadata';
import { bootstrapMicroservice, createLogger, natsAuthOf } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { loadPointsConfig } from './config.js';

const config = loadPointsConfig();
const logger = createLogger('points', config.LOG_LEVEL, config.LOG_FORMAT);
await bootstrapMicroservice({
  service: 'points',
  module: AppModule.register(config),
  natsUrl: config.NATS_URL,
  nats: natsAuthOf(config, 'points'),
  logger,
  metricsPort: config.METRICS_PORT,
});
