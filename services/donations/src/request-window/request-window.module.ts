import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module.js';
import { ReservationsModule } from '../reservations/reservations.module.js';
import { RequestWindowJobs } from './request-window.jobs.js';
import { RequestWindowHandlers } from './request-window.handlers.js';
import { RequestWindowService } from './request-window.service.js';

/**
 * The request window: a way to a reservation, so it stands on the reservations (the saga) and on
 * the ratings (the askers' records), one layer above them.
 */
@Module({
  imports: [ReservationsModule, RatingsModule],
  controllers: [RequestWindowHandlers],
  providers: [RequestWindowService, RequestWindowJobs],
})
export class RequestWindowModule {}
