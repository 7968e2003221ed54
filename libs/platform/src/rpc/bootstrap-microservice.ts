import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { ServiceEnv } from '../config/load-config.js';
import { closeOnSignals } from '../lifecycle/graceful-shutdown.js';
import { createLogger } from '../logging/create-logger.js';
import { initMetrics, setReady, startMetricsServer } from '../metrics/metrics.js';
import { natsConnectOptions, natsConnectionOf, type NatsConnectionOptions } from '../nats/nats-connection.js';
import { NatsRpcServer } from './nats-rpc-server.js';
import { RpcErrorFilter } from './rpc-exception.filter.js';

/** What starting a service reads of its configuration (serviceEnvSchema). */
export type MicroserviceEnv = Pick<ServiceEnv, 'LOG_LEVEL' | 'LOG_FORMAT' | 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'METRICS_PORT'>;

/** How long a stopping service keeps answering requests already received (after it unsubscribed). */
export const RPC_GRACE_PERIOD_MS = 3000;

/**
 * NATS transport options; the queue group makes replicas of one service share requests. On
 * shutdown the subscriptions go first (new requests go to other replicas), then the grace
 * period lets handlers in flight answer, then the connection closes.
 */
export function natsTransport(natsUrl: string, service: string, auth?: NatsConnectionOptions, gracePeriodMs = RPC_GRACE_PERIOD_MS): MicroserviceOptions {
  return {
    strategy: new NatsRpcServer({
      ...natsConnectOptions(natsUrl, `${service}-rpc`, auth),
      queue: service,
      gracefulShutdown: gracePeriodMs > 0,
      gracePeriod: gracePeriodMs,
    }),
  };
}

/**
 * A service's process (its `main.ts`): its logger, its module answering on NATS as the service's
 * own user, and its metrics (METRICS_PORT), all as its configuration says.
 */
export async function bootstrapMicroservice(service: string, config: MicroserviceEnv, module: DynamicModule) {
  const logger = createLogger(service, config.LOG_LEVEL, config.LOG_FORMAT);
  initMetrics(service);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...natsTransport(config.NATS_URL, service, natsConnectionOf(config, service)),
    logger,
  });
  app.useGlobalFilters(new RpcErrorFilter());
  const metrics = config.METRICS_PORT ? startMetricsServer(config.METRICS_PORT, logger) : null;
  // Closing the app unsubscribes, lets handlers in flight answer, then stops consumers and relay.
  closeOnSignals(app, logger, async () => void metrics?.close());
  await app.listen();
  setReady(true);
  logger.log(`${service} is listening on NATS`);
  return app;
}
