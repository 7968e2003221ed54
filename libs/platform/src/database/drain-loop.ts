import type { LoggerService } from '@nestjs/common';
import pg from 'pg';

export interface DrainLoopOptions {
  /** What drains, for logs: "outbox relay", "mail sender". */
  name: string;
  /** One pass: works until nothing is due. Passes never overlap. */
  drain: () => Promise<unknown>;
  /** The safety-net poll: rows whose NOTIFY was missed, backoffs that ran out. */
  pollIntervalMs: number;
  logger: LoggerService;
  /** With a channel, a pass starts as soon as a writer NOTIFYs it (LISTEN on a connection of its own). */
  listen?: { databaseUrl: string; applicationName: string; channel: string };
}

/**
 * The loop every table-backed sender runs (outbox relay, mail sender, push sender): a pass on
 * start, on each poll and on each NOTIFY; kicks during a pass coalesce into one more pass; a lost
 * LISTEN connection is replaced while polling goes on; stop waits for the pass in flight.
 */
export class DrainLoop {
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private halted = true;

  constructor(private readonly options: DrainLoopOptions) {}

  get stopped(): boolean {
    return this.halted;
  }

  async start(): Promise<void> {
    this.halted = false;
    if (this.options.listen) await this.listen(this.options.listen);
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs);
    this.kick();
  }

  /** Lets the pass in flight finish, then stops polling and listening. */
  async stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /** Drains now; concurrent kicks coalesce into one more pass. */
  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.options
      .drain()
      .then(() => undefined)
      .catch((error: Error) => this.options.logger.warn?.(`${this.options.name} pass failed: ${error.message}`))
      .finally(() => {
        this.running = null;
        if (this.rerun) {
          this.rerun = false;
          this.kick();
        }
      });
  }

  private async listen(listen: NonNullable<DrainLoopOptions['listen']>): Promise<void> {
    const client = new pg.Client({ connectionString: listen.databaseUrl, application_name: listen.applicationName });
    client.on('notification', () => this.kick());
    client.on('error', (error) => {
      this.options.logger.warn?.(`${this.options.name} listener lost its connection: ${error.message}; polling until it is back`);
      this.listener = null;
      void client.end().catch(() => undefined);
      setTimeout(() => void this.reconnect(listen), this.options.pollIntervalMs);
    });
    await client.connect();
    await client.query(`LISTEN "${listen.channel}"`);
    this.listener = client;
  }

  private async reconnect(listen: NonNullable<DrainLoopOptions['listen']>): Promise<void> {
    if (this.halted || this.listener) return;
    try {
      await this.listen(listen);
    } catch {
      setTimeout(() => void this.reconnect(listen), this.options.pollIntervalMs * 5);
    }
  }
}
