import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { databaseTimeoutsOf, EventBusModule, healthController, natsAuthOf } from '@hdiya/platform';
import { HistoryService } from './history/history.service.js';
import { HoldsService } from './holds/holds.service.js';
import { LedgerService } from './ledger/ledger.service.js';
import { PointsHandlers } from './ledger/points.handlers.js';
import { UsersEventsConsumer } from './ledger/users-events.consumer.js';
import { DonationEventsConsumer } from './rewards/donation-events.consumer.js';
import { DonationRewardsService } from './rewards/donation-rewards.service.js';
import { TransfersService } from './transfers/transfers.service.js';
import { SCHEMA, type PointsConfig } from './config.js';
import { pointsDataSourceOptions } from './database/data-source.js';

@Module({})
export class AppModule {
  static register(config: PointsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(pointsDataSourceOptions(config)),
        EventBusModule.forService({ service: 'points', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), nats: natsAuthOf(config, 'points') }),
      ],
      controllers: [healthController('points', Rpc.points.health), PointsHandlers],
      providers: [
        LedgerService,
        HoldsService,
        TransfersService,
        HistoryService,
        DonationRewardsService,
        UsersEventsConsumer,
        DonationEventsConsumer,
      ],
    };
  }
}
