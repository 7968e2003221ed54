import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';

/** A job: what it did (logged when more than nothing). */
type Job<TService> = (service: TService) => Promise<number>;

/**
 * A feature's jobs, each run by its service on the reservations' timer (RESERVATION_JOBS_INTERVAL_MS,
 * and once a second after start); a run still going when the next is due is skipped. Features' jobs
 * are safe with several replicas (row locks with SKIP LOCKED).
 */
export function scheduledJobs<TService>(service: Type<TService>, jobs: Record<string, Job<TService>>): Type<OnApplicationBootstrap & OnApplicationShutdown> {
  @Injectable()
  class ScheduledJobs implements OnApplicationBootstrap, OnApplicationShutdown {
    private readonly timers: NodeJS.Timeout[] = [];
    private readonly logger = new Logger('reservation-jobs');

    constructor(
      @Inject(service) private readonly feature: TService,
      @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
    ) {}

    onApplicationBootstrap(): void {
      for (const [name, job] of Object.entries(jobs)) this.every(this.config.RESERVATION_JOBS_INTERVAL_MS, name, () => job(this.feature));
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
  return ScheduledJobs;
}
