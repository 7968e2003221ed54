import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { RepeatingJobs } from '@hdiya/platform';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';

/** A job: what it did (logged when more than nothing). */
type Job<TService> = (service: TService) => Promise<number>;

/**
 * A feature's jobs, each run by its service on the reservations' timer (RESERVATION_JOBS_INTERVAL_MS,
 * and once a second after start; RepeatingJobs). Features' jobs are safe with several replicas (row
 * locks with SKIP LOCKED).
 */
export function scheduledJobs<TService>(service: Type<TService>, jobs: Record<string, Job<TService>>): Type<OnApplicationBootstrap & BeforeApplicationShutdown> {
  @Injectable()
  class ScheduledJobs implements OnApplicationBootstrap, BeforeApplicationShutdown {
    private readonly timers = new RepeatingJobs(new Logger('reservation-jobs'));

    constructor(
      @Inject(service) private readonly feature: TService,
      @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
    ) {}

    onApplicationBootstrap(): void {
      for (const [name, job] of Object.entries(jobs)) this.timers.every(this.config.RESERVATION_JOBS_INTERVAL_MS, name, () => job(this.feature), 1000);
    }

    // Before the application's shutdown hooks, which close the database: a run still going ends first.
    beforeApplicationShutdown(): Promise<void> {
      return this.timers.stop();
    }
  }
  return ScheduledJobs;
}
