import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Rpc, type HealthReport } from '@hdiya/contracts';
import { connectTestNats, requestRpc, serviceDatabaseUrl, startMicroservice, testEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';

let app: INestMicroservice;
let nc: NatsConnection;

beforeAll(async () => {
  const config = loadMessagingConfig({ NATS_URL: testEnv().natsUrl, DATABASE_URL: serviceDatabaseUrl('messaging') });
  app = await startMicroservice('messaging', AppModule.register(config));
  nc = await connectTestNats('messaging-test');
});

afterAll(async () => {
  await nc.close();
  await app.close();
});

describe('messaging service', () => {
  it('should boot on its own schema and answer its health request', async () => {
    const report = await requestRpc<HealthReport>(nc, Rpc.messaging.health, {});
    expect(report).toEqual({ service: 'messaging', status: 'up', dependencies: { database: 'up', nats: 'up' } });
  });
});
