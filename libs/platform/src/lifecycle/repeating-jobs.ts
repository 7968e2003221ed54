import type { LoggerService } from '@nestjs/common';

/**
 * Jobs a process runs on timers, each answering how much it did (logged when more than nothing).
 * A run still going when the next is due is skipped; a failed one is logged as a warning and the
 * next runs as usual. `stop` clears the timers and waits for the runs still going: called before
 * the application's shutdown hooks close the database, no job is left mid-transaction on a closed
 * connection.
 */
export class RepeatingJobs {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly logger: LoggerService) {}

  /** Runs `job` every `ms`, and also once `firstAfterMs` from now when given. */
  every(ms: number, name: string, job: () => Promise<number>, firstAfterMs?: number): void {
    let current: Promise<void> | null = null;
    const run = () => {
      if (current || this.stopped) return;
      const started: Promise<void> = (async () => {
        try {
          const count = await job();
          if (count > 0) this.logger.log(`${name}: ${count}`);
        } catch (error) {
          this.logger.warn(`${name} failed: ${(error as Error).message}`);
        }
      })().finally(() => {
        this.inFlight.delete(started);
        current = null;
      });
      current = started;
      this.inFlight.add(started);
    };
    this.timers.push(setInterval(run, ms));
    if (firstAfterMs !== undefined) this.timers.push(setTimeout(run, firstAfterMs).unref());
  }

  /** Starts no more runs and answers once those still going have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([...this.inFlight]);
  }
}
