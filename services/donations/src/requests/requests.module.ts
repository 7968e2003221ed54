import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module.js';
import { ReservationsModule } from '../reservations/reservations.module.js';
import { RequestJobs } from './requests.jobs.js';
import { RequestsHandlers } from './requests.handlers.js';
import { RequestsService } from './requests.service.js';

/**
 * The request window: a way to a reservation, so it stands on the reservations (the saga) and on
 * the ratings (the askers' records), one layer above them.
 */
@Module({
  imports: [ReservationsModule, RatingsModule],
  controllers: [RequestsHandlers],
  providers: [RequestsService, RequestJobs],
})
export class RequestsModule {}
