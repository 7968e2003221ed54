import 'reflect-metadata';
import { bootstrapMicroservice, createLogger, natsAuthOf } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { assertMailLinkSecret, loadMessagingConfig } from './config.js';

const config = loadMessagingConfig();
assertMailLinkSecret(config);
const logger = createLogger('messaging', config.LOG_LEVEL, config.LOG_FORMAT);
await bootstrapMicroservice({
  service: 'messaging',
  module: AppModule.register(config),
  natsUrl: config.NATS_URL,
  nats: natsAuthOf(config, 'messaging'),
  logger,
  metricsPort: config.METRICS_PORT,
});
