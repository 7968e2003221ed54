import { jest } from '@jest/globals';
import type { ClientProxy } from '@nestjs/microservices';
import type { GatewayConfig } from '../config.js';
import { ServiceClient } from './service-client.js';

/** Nest's NATS client as the gateway uses it: no connection until connect() succeeds (`failures` times it fails first). */
function natsClient(failures: number) {
  const connection = { isClosed: () => false };
  let connected = false;
  const client = {
    attempts: 0,
    connect: jest.fn(async () => {
      client.attempts += 1;
      if (client.attempts <= failures) throw new Error('connection refused');
      connected = true;
      return connection;
    }),
    unwrap: () => {
      if (!connected) throw new Error('Not initialized. Please call the "connect" method first.');
      return connection;
    },
  };
  return client;
}

const config = { RPC_TIMEOUT_MS: 1000 } as GatewayConfig;

describe('ServiceClient', () => {
  it('should connect to NATS at start, before any request, so that readiness can pass', async () => {
    const client = natsClient(0);
    const services = new ServiceClient(client as unknown as ClientProxy, config);
    expect(services.natsConnection()).toBeNull();
    services.onApplicationBootstrap();
    await new Promise((resolve) => setImmediate(resolve));
    expect(services.natsConnection()).not.toBeNull();
  });

  it('should try again every second while NATS does not answer at start, and stop trying when shut down', async () => {
    jest.useFakeTimers();
    try {
      const client = natsClient(2);
      const services = new ServiceClient(client as unknown as ClientProxy, config);
      services.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(2500);
      expect(client.attempts).toBe(3);
      expect(services.natsConnection()).not.toBeNull();

      const never = natsClient(Number.POSITIVE_INFINITY);
      const stopped = new ServiceClient(never as unknown as ClientProxy, config);
      stopped.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(1500);
      stopped.onApplicationShutdown();
      const tried = never.attempts;
      await jest.advanceTimersByTimeAsync(5000);
      expect(never.attempts).toBe(tried);
    } finally {
      jest.useRealTimers();
    }
  });
});
