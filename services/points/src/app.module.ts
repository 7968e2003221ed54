import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { databaseTimeoutsOf, EventBusModule, natsConnectionOf, RETENTION_OPTIONS, RetentionJob, serviceModule } from '@hdiya/platform';
import { pointsRetention } from './retention/retention-rules.js';
import { HistoryHandlers } from './history/history.handlers.js';
import { MemberExportHandlers } from './member-export/member-export.handlers.js';
import { HistoryService } from './history/history.service.js';
import { HoldsHandlers } from './holds/holds.handlers.js';
import { HoldsService } from './holds/holds.service.js';
import { BalanceHandlers } from './ledger/balance.handlers.js';
import { LedgerService } from './ledger/ledger.service.js';
import { UsersEventsConsumer } from './ledger/users-events.consumer.js';
import { DeletionEffects } from './ledger/deletion-effects.js';
import { DonationEventsConsumer } from './donation-events/donation-events.consumer.js';
import { DonationRewardsService } from './rewards/donation-rewards.service.js';
import { LateCancelPenalty } from './reliability/late-cancel-penalty.js';
import { GiftPairsHandlers } from './rewards/gift-pairs.handlers.js';
import { GiftPairsService } from './rewards/gift-pairs.service.js';
import { GiftRewardsService } from './rewards/gift-rewards.service.js';
import { LimitsHandlers } from './limits/limits.handlers.js';
import { PointsLimitsService } from './limits/points-limits.service.js';
import { TransfersHandlers } from './transfers/transfers.handlers.js';
import { TransfersService } from './transfers/transfers.service.js';
import { POINTS_CONFIG, SCHEMA, type PointsConfig } from './config.js';
import { pointsDataSourceOptions } from './database/data-source.js';

@Module({})
export class AppModule {
  static register(config: PointsConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'points',
      health: Rpc.points.health,
      database: TypeOrmModule.forRoot(pointsDataSourceOptions(config)),
      imports: [
        EventBusModule.forService({ service: 'points', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), nats: natsConnectionOf(config, 'points') }),
      ],
      controllers: [BalanceHandlers, HoldsHandlers, TransfersHandlers, HistoryHandlers, GiftPairsHandlers, LimitsHandlers, MemberExportHandlers],
      providers: [
        { provide: POINTS_CONFIG, useValue: config },
        { provide: RETENTION_OPTIONS, useValue: pointsRetention(config) },
        RetentionJob,
        LedgerService,
        DeletionEffects,
        HoldsService,
        TransfersService,
        PointsLimitsService,
        HistoryService,
        DonationRewardsService,
        LateCancelPenalty,
        GiftRewardsService,
        GiftPairsService,
        UsersEventsConsumer,
        DonationEventsConsumer,
      ],
    });
  }
}
