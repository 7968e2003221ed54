import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { EventBusModule, healthController } from '@hdiya/platform';
import { CategoriesHandlers } from './categories/categories.handlers.js';
import { CategoriesService } from './categories/categories.service.js';
import { SCHEMA, type DonationsConfig } from './config.js';
import { donationsDataSourceOptions } from './database/data-source.js';
import { DonationSearchService } from './donations/donation-search.service.js';
import { DonationsHandlers } from './donations/donations.handlers.js';
import { DonationsService } from './donations/donations.service.js';
import { FavoritesHandlers } from './favorites/favorites.handlers.js';
import { FavoritesService } from './favorites/favorites.service.js';
import { MembersConsumer } from './members/members.consumer.js';
import { ReportsHandlers } from './reports/reports.handlers.js';
import { ReportsService } from './reports/reports.service.js';

@Module({})
export class AppModule {
  static register(config: DonationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(donationsDataSourceOptions(config)),
        EventBusModule.forService({ service: 'donations', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL }),
      ],
      controllers: [
        healthController('donations', Rpc.donations.health),
        CategoriesHandlers,
        DonationsHandlers,
        FavoritesHandlers,
        ReportsHandlers,
      ],
      providers: [CategoriesService, DonationSearchService, DonationsService, FavoritesService, ReportsService, MembersConsumer],
    };
  }
}
