import type { LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { closeOnSignals } from '../lifecycle/graceful-shutdown.js';
import { RequestContextInterceptor } from '../logging/request-context.interceptor.js';
import { initMetrics, setReady, startMetricsServer } from '../metrics/metrics.js';
import { RpcMetricsInterceptor } from '../metrics/rpc-metrics.interceptor.js';
import type { NatsAuth } from '../nats/nats-auth.js';
import { RpcErrorFilter } from './rpc-exception.filter.js';

export interface MicroserviceBootstrap {
  service: string;
  module: Type<unknown> | ReturnType<typeof Object>;
  natsUrl: string;
  nats?: NatsAuth;
  logger: LoggerService;
  /** Serve Prometheus metrics on this port (METRICS_PORT). */
  metricsPort?: number;
}

/** How long a stopping service keeps answering requests already received (after it unsubscribed). */
export const RPC_GRACE_PERIOD_MS = 3000;

/**
 * NATS transport options; the queue group makes replicas of one service share requests. On
 * shutdown the subscriptions go first (new requests go to other replicas), then the grace
 * period lets handlers in flight answer, then the connection closes.
 */
export function natsTransport(natsUrl: string, service: string, auth?: NatsAuth, gracePeriodMs = RPC_GRACE_PERIOD_MS): MicroserviceOptions {
  return {
    transport: Transport.NATS,
    options: {
      servers: natsUrl.split(','),
      queue: service,
      name: `${service}-rpc`,
      maxReconnectAttempts: -1,
      gracefulShutdown: gracePeriodMs > 0,
      gracePeriod: gracePeriodMs,
      ...auth,
    },
  };
}

export async function bootstrapMicroservice({ service, module, natsUrl, nats, logger, metricsPort }: MicroserviceBootstrap) {
  initMetrics(service);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...natsTransport(natsUrl, service, nats),
    logger,
  });
  app.useGlobalFilters(new RpcErrorFilter());
  app.useGlobalInterceptors(new RequestContextInterceptor(), new RpcMetricsInterceptor());
  const metrics = metricsPort ? startMetricsServer(metricsPort, logger) : null;
  // Closing the app unsubscribes, lets handlers in flight answer, then stops consumers and relay.
  closeOnSignals(app, logger, async () => void metrics?.close());
  await app.listen();
  setReady(true);
  logger.log(`${service} is listening on NATS`);
  return app;
}
