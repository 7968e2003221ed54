import { setReady } from '@hdiya/platform';
import type { RedisClient } from '../redis/redis.provider.js';
import type { ServiceClient } from '../rpc/service-client.js';
import { ReadyController } from './ready.controller.js';

/** A gateway whose NATS connection is open or closed and whose Redis is in `redisStatus`; no service is ever asked. */
function controller({ natsClosed = false, redisStatus = 'ready' } = {}) {
  const services = { natsConnection: () => ({ isClosed: () => natsClosed }), call: () => Promise.reject(new Error('a probe must not call a service')) } as unknown as ServiceClient;
  return new ReadyController(services, { status: redisStatus } as unknown as RedisClient);
}

describe('GET /api/ready', () => {
  afterEach(() => setReady(false));

  it('should be ready once listening with its own NATS and Redis, whatever the services', () => {
    setReady(true);
    expect(controller().report()).toEqual({ status: 'ready', missing: [] });
  });

  it('should say what is missing: not listening yet or told to stop, NATS closed, Redis reconnecting', () => {
    setReady(false);
    expect(controller().report()).toEqual({ status: 'not ready', missing: ['listening'] });
    setReady(true);
    expect(controller({ natsClosed: true, redisStatus: 'reconnecting' }).report()).toEqual({ status: 'not ready', missing: ['nats', 'redis'] });
  });
});
