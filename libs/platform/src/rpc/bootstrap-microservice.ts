import type { LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { RequestContextInterceptor } from '../logging/request-context.interceptor.js';
import { initMetrics, startMetricsServer } from '../metrics/metrics.js';
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

/** NATS transport options; the queue group makes replicas of one service share requests. */
export function natsTransport(natsUrl: string, service: string, auth?: NatsAuth): MicroserviceOptions {
  return {
    transport: Transport.NATS,
    options: { servers: natsUrl.split(','), queue: service, name: `${service}-rpc`, maxReconnectAttempts: -1, ...auth },
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
  if (metricsPort) {
    const metrics = startMetricsServer(metricsPort, logger);
    process.once('SIGTERM', () => metrics.close());
  }
  app.enableShutdownHooks();
  await app.listen();
  logger.log(`${service} is listening on NATS`);
  return app;
}
