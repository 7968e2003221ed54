import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { natsConnectionOf } from '@hdiya/platform';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { PointsClient, POINTS_RPC } from './points.client.js';
import { ReservationJobs } from './reservations.jobs.js';
import { ReservationsHandlers } from './reservations.handlers.js';
import { ReservationsService } from './reservations.service.js';

/** The reservation saga (with the points service's holds), the handover and the reservations' jobs. */
@Module({
  imports: [
    ClientsModule.registerAsync([
      {
        name: POINTS_RPC,
        inject: [DONATIONS_CONFIG],
        useFactory: (config: DonationsConfig) => ({
          transport: Transport.NATS,
          options: { servers: config.NATS_URL.split(','), name: 'donations-to-points', maxReconnectAttempts: -1, ...natsConnectionOf(config, 'donations') },
        }),
      },
    ]),
  ],
  controllers: [ReservationsHandlers],
  providers: [ReservationsService, PointsClient, ReservationJobs],
  // The request window's choice reserves through the same saga.
  exports: [ReservationsService],
})
export class ReservationsModule {}
