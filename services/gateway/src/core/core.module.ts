import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { natsConnectOptions, natsConnectionOf } from '@hdiya/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, redisProvider, RedisShutdown } from '../redis/redis.provider.js';
import { NATS_CLIENT, ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';

/**
 * What every feature of the gateway stands on (decision 0036): its configuration, Redis, the NATS
 * client to the services and the rate limits. Global, so a feature module lists only its own
 * neighbours; being the deepest module, Nest closes it last (Redis and NATS outlive the features).
 */
@Global()
@Module({})
export class CoreModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ClientsModule.register([
          {
            name: NATS_CLIENT,
            transport: Transport.NATS,
            options: natsConnectOptions(config.NATS_URL, 'gateway-rpc', natsConnectionOf(config, 'gateway')),
          },
        ]),
      ],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, redisProvider, RedisShutdown, ServiceClient, RateLimits],
      exports: [GATEWAY_CONFIG, REDIS, ServiceClient, RateLimits],
    };
  }
}
