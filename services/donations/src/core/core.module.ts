import { Module, type DynamicModule } from '@nestjs/common';
import { databaseTimeoutsOf, EventBusModule, natsConnectionOf } from '@hdiya/platform';
import { DONATIONS_CONFIG, SCHEMA, type DonationsConfig } from '../config.js';
import { CategoryCheck } from './category-check.js';
import { Clock } from './clock.js';
import { DonationPhotos } from './donation-photos.js';
import { HoardingLimits } from './hoarding-limits.js';
import { WaitingLine } from './waiting-line.js';

const CORE = [Clock, HoardingLimits, WaitingLine, DonationPhotos, CategoryCheck];

/**
 * What every feature of the service stands on, and nothing of any feature: the configuration, the
 * event bus (outbox and inbox), the clock, and the donation's own steps that several features take
 * (its waiting line, its photo, the hoarding limits, the category check). Global: feature modules
 * need no import, and import no other feature.
 */
@Module({})
export class CoreModule {
  static register(config: DonationsConfig): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      imports: [
        EventBusModule.forService({ service: 'donations', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), nats: natsConnectionOf(config, 'donations') }),
      ],
      providers: [{ provide: DONATIONS_CONFIG, useValue: config }, ...CORE],
      exports: [EventBusModule, DONATIONS_CONFIG, ...CORE],
    };
  }
}
