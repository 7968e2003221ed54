import type { LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { RpcErrorFilter } from './rpc-exception.filter.js';

export interface MicroserviceBootstrap {
  service: string;
  module: Type<unknown> | ReturnType<typeof Object>;
  natsUrl: string;
  logger: LoggerService;
}

/** NATS transport options; the queue group makes replicas of one service share requests. */
export function natsTransport(natsUrl: string, service: string): MicroserviceOptions {
  return {
    transport: Transport.NATS,
    options: { servers: natsUrl.split(','), queue: service, name: `${service}-rpc`, maxReconnectAttempts: -1 },
  };
}

export async function bootstrapMicroservice({ service, module, natsUrl, logger }: MicroserviceBootstrap) {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...natsTransport(natsUrl, service),
    logger,
  });
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  logger.log(`${service} is listening on NATS`);
  return app;
}
