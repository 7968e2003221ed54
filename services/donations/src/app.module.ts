import { Module, type DynamicModule } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { databaseTimeoutsOf, EventBusModule, healthController, MigrationsCheck, natsAuthOf } from '@hdiya/platform';
import { ImpactHandlers } from './impact/impact.handlers.js';
import { ImpactService } from './impact/impact.service.js';
import { CategoriesHandlers } from './categories/categories.handlers.js';
import { CategoriesService } from './categories/categories.service.js';
import { DONATIONS_CONFIG, SCHEMA, type DonationsConfig } from './config.js';
import { donationsDataSourceOptions } from './database/data-source.js';
import { DonationSearchService } from './donations/donation-search.service.js';
import { DonationsHandlers } from './donations/donations.handlers.js';
import { DonationsService } from './donations/donations.service.js';
import { FavoritesHandlers } from './favorites/favorites.handlers.js';
import { FavoritesService } from './favorites/favorites.service.js';
import { MembersConsumer } from './members/members.consumer.js';
import { ReportsHandlers } from './reports/reports.handlers.js';
import { ReportsService } from './reports/reports.service.js';
import { Clock } from './reservations/clock.js';
import { PointsClient, POINTS_RPC } from './reservations/points.client.js';
import { ImagesHandlers } from './images/images.handlers.js';
import { ImagesService } from './images/images.service.js';
import { ReservationJobs } from './reservations/reservation-jobs.js';
import { ReservationsHandlers } from './reservations/reservations.handlers.js';
import { ReservationsService } from './reservations/reservations.service.js';
import { HoardingLimits } from './reservations/hoarding-limits.js';
import { AlertsConsumer } from './saved-searches/alerts.consumer.js';
import { SavedSearchesHandlers } from './saved-searches/saved-searches.handlers.js';
import { SavedSearchesService } from './saved-searches/saved-searches.service.js';
import { WaitlistHandlers } from './waitlist/waitlist.handlers.js';
import { WaitlistService } from './waitlist/waitlist.service.js';

@Module({})
export class AppModule {
  static register(config: DonationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(donationsDataSourceOptions(config)),
        EventBusModule.forService({ service: 'donations', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), nats: natsAuthOf(config, 'donations') }),
        ClientsModule.register([
          {
            name: POINTS_RPC,
            transport: Transport.NATS,
            options: { servers: config.NATS_URL.split(','), name: 'donations-to-points', maxReconnectAttempts: -1, ...natsAuthOf(config, 'donations') },
          },
        ]),
      ],
      controllers: [
        healthController('donations', Rpc.donations.health),
        CategoriesHandlers,
        ImpactHandlers,
        DonationsHandlers,
        FavoritesHandlers,
        ReportsHandlers,
        ReservationsHandlers,
        WaitlistHandlers,
        SavedSearchesHandlers,
        ImagesHandlers,
      ],
      providers: [
        MigrationsCheck,
        { provide: DONATIONS_CONFIG, useValue: config },
        CategoriesService,
        ImpactService,
        DonationSearchService,
        DonationsService,
        FavoritesService,
        ReportsService,
        MembersConsumer,
        Clock,
        PointsClient,
        ReservationsService,
        HoardingLimits,
        WaitlistService,
        ReservationJobs,
        SavedSearchesService,
        AlertsConsumer,
        ImagesService,
      ],
    };
  }
}
