import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { serviceModule } from '@hdiya/platform';
import { AlertsModule } from './alerts/alerts.module.js';
import { AsksModule } from './asks/asks.module.js';
import { CategoriesModule } from './categories/categories.module.js';
import { type DonationsConfig } from './config.js';
import { CoreModule } from './core/core.module.js';
import { donationsDataSourceOptions } from './database/data-source.js';
import { DonationsModule } from './donations/donations.module.js';
import { FavoritesModule } from './favorites/favorites.module.js';
import { ImagesModule } from './images/images.module.js';
import { ImpactModule } from './impact/impact.module.js';
import { MemberExportModule } from './member-export/member-export.module.js';
import { MembersModule } from './members/members.module.js';
import { ModerationLogModule } from './moderation-log/moderation-log.module.js';
import { RatingsModule } from './ratings/ratings.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { ReservationsModule } from './reservations/reservations.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { RequestWindowModule } from './request-window/request-window.module.js';
import { SavedSearchesModule } from './saved-searches/saved-searches.module.js';
import { WaitlistModule } from './waitlist/waitlist.module.js';

/**
 * The donations service: one module per feature, each standing on the core (`core/`) and on no
 * other feature, so the folders depend downward only (checked by import-x/no-cycle).
 */
@Module({})
export class AppModule {
  static register(config: DonationsConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'donations',
      health: Rpc.donations.health,
      database: TypeOrmModule.forRoot(donationsDataSourceOptions(config)),
      imports: [
        CoreModule.register(config),
        CategoriesModule,
        ImpactModule,
        DonationsModule,
        FavoritesModule,
        ReportsModule,
        RatingsModule,
        ReservationsModule,
        WaitlistModule,
        RequestWindowModule,
        SavedSearchesModule,
        AsksModule,
        AlertsModule,
        ImagesModule,
        MembersModule,
        MemberExportModule,
        ModerationLogModule,
        RetentionModule,
      ],
    });
  }
}
