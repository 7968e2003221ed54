import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { isRpcErrorBody, type RpcErrorBody } from '@hdiya/contracts';
import { serviceDatabaseUrl, testEnv } from './test-env.js';

/** Boots a service's module on the test NATS exactly as its main.ts does, minus the logs. */
export async function startMicroservice(service: string, module: DynamicModule): Promise<INestMicroservice> {
  // Loaded here, not with the library: Nest and the platform cost a second of CPU to load, and
  // the end-to-end files, which import this library for testEnv and waitFor, never boot a service.
  const [{ NestFactory }, { natsTransport, RpcErrorFilter }] = await Promise.all([import('@nestjs/core'), import('@hdiya/platform')]);
  const app = await NestFactory.createMicroservice(module, { ...natsTransport(testEnv().natsUrl, service, undefined, 0), logger: false });
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  return app;
}

export function connectTestNats(name: string): Promise<NatsConnection> {
  return connect({ servers: testEnv().natsUrl, name });
}

/** The settings that put a service on the test NATS and on its schema of the test database. */
export function testServiceEnv(service: string): { NATS_URL: string; DATABASE_URL: string } {
  return { NATS_URL: testEnv().natsUrl, DATABASE_URL: serviceDatabaseUrl(service) };
}

/** A service booted for a test file, and the test's own NATS connection to call it. */
export interface TestService {
  app: INestMicroservice;
  nc: NatsConnection;
}

/** Boots the service's module (startMicroservice) and connects the test to NATS as `natsName`. */
export async function startTestService(service: string, module: DynamicModule, natsName: string): Promise<TestService> {
  const app = await startMicroservice(service, module);
  return { app, nc: await connectTestNats(natsName) };
}

/** Closes the test's connection, then the service. */
export async function stopTestService({ app, nc }: TestService): Promise<void> {
  await nc.close();
  await app.close();
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
