import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { WaitlistService } from '../waitlist/waitlist.service.js';
import { ReservationsService } from './reservations.service.js';

/**
 * The scheduled jobs: the 10-day expiry, the recovery of interrupted reservations, the day-before
 * reminder and waiting-list offers that ran out. All are safe with several replicas (row locks
 * with SKIP LOCKED; idempotent releases).
 */
@Injectable()
export class ReservationJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('reservation-jobs');
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly reservations: ReservationsService,
    private readonly waitlist: WaitlistService,
    @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'expiry', () => this.reservations.expireDue());
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'recovery', () => this.reservations.recoverPending());
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'reminder', () => this.reservations.remindDue());
    this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, 'waiting-list offers', () => this.waitlist.lapseDueOffers());
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  private every(ms: number, name: string, job: () => Promise<number>): void {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const count = await job();
        if (count > 0) this.logger.log(`${name}: ${count}`);
      } catch (error) {
        this.logger.warn(`${name} failed: ${(error as Error).message}`);
      } finally {
        running = false;
      }
    };
    this.timers.push(setInterval(() => void run(), ms));
    setTimeout(() => void run(), 1000).unref();
  }
}
