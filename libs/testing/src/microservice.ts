import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { isRpcErrorBody, type RpcErrorBody } from '@hdiya/contracts';
import { natsTransport, RpcErrorFilter } from '@hdiya/platform';
import { testEnv } from './test-env.js';

/** Boots a service's module on the test NATS exactly as its main.ts does, minus the logs. */
export async function startMicroservice(service: string, module: DynamicModule): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, { ...natsTransport(testEnv().natsUrl, service, undefined, 0), logger: false });
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  return app;
}

export function connectTestNats(name: string): Promise<NatsConnection> {
  return connect({ servers: testEnv().natsUrl, name });
}

export class RpcFailure extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(`${body.status} ${body.code}: ${body.message}`);
  }
}

/** A request-reply call in the NestJS NATS packet format, as the gateway makes it. */
export async function requestRpc<T>(nc: NatsConnection, subject: string, data: unknown, timeout = 5000): Promise<T> {
  const reply = await nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout });
  const packet = reply.json<{ response?: T; err?: unknown }>();
  if (packet.err !== undefined && packet.err !== null) {
    throw isRpcErrorBody(packet.err) ? new RpcFailure(packet.err) : new Error(JSON.stringify(packet.err));
  }
  return packet.response as T;
}
