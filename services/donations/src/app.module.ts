import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { EventBusModule, healthController } from '@hdiya/platform';
import { SCHEMA, type DonationsConfig } from './config.js';
import { donationsDataSourceOptions } from './database/data-source.js';

@Module({})
export class AppModule {
  static register(config: DonationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(donationsDataSourceOptions(config)),
        EventBusModule.forService({ service: 'donations', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL }),
      ],
      controllers: [healthController('donations', Rpc.donations.health)],
    };
  }
}
