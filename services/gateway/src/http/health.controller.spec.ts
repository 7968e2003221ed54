import { jest } from '@jest/globals';
import type { Response } from 'express';
import type { ImageStore } from '../images/image-store.js';
import type { RedisClient } from '../redis/redis.provider.js';
import type { ServiceClient } from '../rpc/service-client.js';
import { HealthController } from './health.controller.js';

/** A gateway whose every part answers, counting the services' health requests. */
function controller(cacheMs: number) {
  const call = jest.fn(async () => ({ status: 'up' }));
  const services = { call, natsConnection: () => ({ isClosed: () => false, flush: async () => undefined }) } as unknown as ServiceClient;
  const redis = { status: 'ready', ping: async () => 'PONG' } as unknown as RedisClient;
  const images = { ping: async () => true } as unknown as ImageStore;
  return { health: new HealthController(services, redis, images, { HEALTH_CACHE_MS: cacheMs }), call };
}

function response() {
  const answer: { status?: number; body?: unknown } = {};
  const res = {
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(body: unknown) {
      answer.body = body;
      return res;
    },
  };
  return { res: res as unknown as Response, answer };
}

describe('GET /api/health', () => {
  // Review finding: each request from anyone asked every service.
  it('should probe the parts once for many requests at once, and again once the report is older than HEALTH_CACHE_MS', async () => {
    const { health, call } = controller(60_000);
    const answers = Array.from({ length: 50 }, () => response());
    await Promise.all(answers.map(({ res }) => health.check(res)));
    expect(call).toHaveBeenCalledTimes(4);
    for (const { answer } of answers) expect(answer).toMatchObject({ status: 200, body: { service: 'gateway', status: 'up' } });
    await health.check(response().res);
    expect(call).toHaveBeenCalledTimes(4);

    const fresh = controller(0);
    await fresh.health.check(response().res);
    await fresh.health.check(response().res);
    expect(fresh.call).toHaveBeenCalledTimes(8);
  });
});
