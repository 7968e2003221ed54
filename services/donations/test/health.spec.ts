import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Rpc, type HealthReport } from '@hdiya/contracts';
import { connectTestNats, requestRpc, serviceDatabaseUrl, startMicroservice, testEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadDonationsConfig } from '../src/config.js';

let app: INestMicroservice;
let nc: NatsConnection;

beforeAll(async () => {
  const config = loadDonationsConfig({ NATS_URL: testEnv().natsUrl, DATABASE_URL: serviceDatabaseUrl('donations') });
  app = await startMicroservice('donations', AppModule.register(config));
  nc = await connectTestNats('donations-test');
});

afterAll(async () => {
  await nc.close();
  await app.close();
});

describe('donations service', () => {
  it('should boot on its own schema and answer its health request', async () => {
    const report = await requestRpc<HealthReport>(nc, Rpc.donations.health, {});
    expect(report).toEqual({ service: 'donations', status: 'up', dependencies: { database: 'up', nats: 'up' } });
  });
});
