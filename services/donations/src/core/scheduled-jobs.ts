import { Logger, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Jobs a feature runs on a timer (each also a second after start); a run still going when the
 * next is due is skipped. Features' jobs are safe with several replicas (row locks with SKIP LOCKED).
 */
export abstract class ScheduledJobs implements OnApplicationShutdown {
  private readonly timers: NodeJS.Timeout[] = [];

  protected constructor(private readonly logger: Logger) {}

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  protected every(ms: number, name: string, job: () => Promise<number>): void {
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
