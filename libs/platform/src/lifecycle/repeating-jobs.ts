import type { LoggerService } from '@nestjs/common';

/**
 * Jobs a process runs on timers, each answering how much it did (logged when more than nothing).
 * A run still going when the next is due is skipped; a failed one is logged as a warning and the
 * next runs as usual. `stop` clears the timers (on shutdown).
 */
export class RepeatingJobs {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly logger: LoggerService) {}

  /** Runs `job` every `ms`, and also once `firstAfterMs` from now when given. */
  every(ms: number, name: string, job: () => Promise<number>, firstAfterMs?: number): void {
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
    if (firstAfterMs !== undefined) setTimeout(() => void run(), firstAfterMs).unref();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
