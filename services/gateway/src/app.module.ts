import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import type { GatewayConfig } from './config.js';
import { CoreModule } from './core/core.module.js';
import { DeadLettersModule } from './dead-letters/dead-letters.module.js';
import { HttpModule } from './http/http.module.js';
import { ImagesModule } from './images/images.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { SessionModule } from './session/session.module.js';

/**
 * The gateway: one Nest module per feature, each depending only on the ones below it (decision
 * 0036): core, then session, then realtime and images, then auth, metrics, the REST API and the dead letters.
 */
@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.register(config), SessionModule, RealtimeModule, MetricsModule, AuthModule, ImagesModule, HttpModule, DeadLettersModule],
    };
  }
}
