import { Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { createClient } from 'redis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export type RedisClient = ReturnType<typeof createClient>;
export const REDIS = Symbol('REDIS');

/** One Redis connection for sessions and rate limits; it reconnects on its own. */
export const redisProvider: Provider = {
  provide: REDIS,
  inject: [GATEWAY_CONFIG],
  useFactory: async (config: GatewayConfig): Promise<RedisClient> => {
    const logger = new Logger('redis');
    const client = createClient({
      url: config.REDIS_URL,
      socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 2000) },
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
    await this.redis.close().catch(() => undefined);
  }
}
