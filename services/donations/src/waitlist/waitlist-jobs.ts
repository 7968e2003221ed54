import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { ScheduledJobs } from '../core/scheduled-jobs.js';
import { WaitlistService } from './waitlist.service.js';

/** Offers from the waiting list nobody answered in time pass to the next in line, on the reservations' interval. */
@Injectable()
export class WaitlistJobs extends ScheduledJobs implements OnApplicationBootstrap {
  constructor(
    private readonly waitlist: WaitlistService,
    @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
  ) {
    super(new Logger('reservation-jobs'));
  }

  onApplicationBootstrap(): void {
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'waiting-list offers', () => this.waitlist.lapseDueOffers());
  }
}
