import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { databaseTimeoutsOf, EventBusModule, healthController, natsAuthOf } from '@hdiya/platform';
import { SCHEMA, type MessagingConfig } from './config.js';
import { messagingDataSourceOptions } from './database/data-source.js';

@Module({})
export class AppModule {
  static register(config: MessagingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(messagingDataSourceOptions(config)),
        EventBusModule.forService({ service: 'messaging', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), nats: natsAuthOf(config, 'messaging') }),
      ],
      controllers: [healthController('messaging', Rpc.messaging.health)],
    };
  }
}
