import { Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export type RedisClient = Redis;
export const REDIS = Symbol('REDIS');

/** The gateway's Redis connection (sessions, rate limits; socket.io duplicates it); it reconnects on its own. */
export const redisProvider: Provider = {
  provide: REDIS,
  inject: [GATEWAY_CONFIG],
  useFactory: async (config: GatewayConfig): Promise<RedisClient> => {
    const logger = new Logger('redis');
    const client = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      retryStrategy: (retries) => Math.min(retries * 200, 2000),
      // A command while Redis is away fails at once instead of queueing: the request answers 503.
      maxRetriesPerRequest: 1,
    });
    client.on('error', (error: Error) => logger.warn(`redis: ${error.message}`));
    await client.connect();
    return client;
  },
};

@Injectable()
export class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
