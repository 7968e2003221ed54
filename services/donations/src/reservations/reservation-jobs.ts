import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { ScheduledJobs } from '../core/scheduled-jobs.js';
import { ReservationsService } from './reservations.service.js';

/**
 * The reservations' scheduled jobs: the 10-day expiry, the recovery of interrupted reservations
 * and the day-before reminder (offers from the waiting list that ran out: WaitlistJobs). All are
 * safe with several replicas (row locks with SKIP LOCKED; idempotent releases).
 */
@Injectable()
export class ReservationJobs extends ScheduledJobs implements OnApplicationBootstrap {
  constructor(
    private readonly reservations: ReservationsService,
    @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
  ) {
    super(new Logger('reservation-jobs'));
  }

  onApplicationBootstrap(): void {
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'expiry', () => this.reservations.expireDue());
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'recovery', () => this.reservations.recoverPending());
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'reminder', () => this.reservations.remindDue());
  }
}
