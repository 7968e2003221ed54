import type { LoggerService } from '@nestjs/common';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import pg from 'pg';
import { pgTimeoutSettings, type DatabaseTimeouts } from '../database/data-source-options.js';
import { outboxChannel } from './outbox.js';

export interface OutboxRelayOptions {
  databaseUrl: string;
  /** Bounds on the relay's own connections, as on the service's (DatabaseTimeouts). */
  timeouts?: DatabaseTimeouts;
  schema: string;
  js: JetStreamClient;
  logger: LoggerService;
  /** Safety-net poll, for rows whose NOTIFY was missed (relay down, connection lost). */
  pollIntervalMs?: number;
  /** How long a claimed row stays reserved; a relay that dies mid-publish frees it after this. */
  leaseMs?: number;
  batchSize?: number;
}

interface ClaimedRow {
  position: string;
  id: string;
  subject: string;
  envelope: unknown;
  attempts: number;
}

const MAX_BACKOFF_MS = 60_000;
const RETENTION = '7 days';

/**
 * Publishes committed outbox rows to JetStream with `Nats-Msg-Id` = event id.
 * Rows are claimed with a lease (FOR UPDATE SKIP LOCKED), so several replicas share the work
 * and a row claimed by a crashed relay is published again once its lease runs out.
 */
export class OutboxRelay {
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly pool: pg.Pool;
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;
  private lastCleanup = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.batchSize = options.batchSize ?? 100;
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 2,
      application_name: `${options.schema}-outbox`,
      ...(options.timeouts ? pgTimeoutSettings(options.timeouts) : {}),
    });
    this.pool.on('error', () => undefined); // a broken idle connection is replaced on next use
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
    this.timer = setInterval(() => this.kick(), this.pollIntervalMs);
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.pool.end();
  }

  /** Drains the outbox now; concurrent kicks coalesce into one more pass. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.drain()
      .catch((error: Error) => this.options.logger.warn?.(`outbox relay pass failed: ${error.message}`))
      .finally(() => {
        this.running = null;
        if (this.rerun) {
          this.rerun = false;
          this.kick();
        }
      });
  }

  /** Publishes until no claimable row is left. Returns how many rows were published. */
  async drain(): Promise<number> {
    let published = 0;
    for (;;) {
      const batch = await this.publishBatch();
      published += batch.published;
      if (batch.claimed < this.batchSize || this.stopped) break;
    }
    await this.cleanup();
    return published;
  }

  private async publishBatch(): Promise<{ claimed: number; published: number }> {
    const rows = await this.claim();
    const done: string[] = [];
    for (const row of rows) {
      try {
        const h = natsHeaders();
        h.set('Nats-Msg-Id', row.id);
        await this.options.js.publish(row.subject, JSON.stringify(row.envelope), { msgID: row.id, headers: h });
        done.push(row.id);
      } catch (error) {
        await this.release(row, (error as Error).message);
        // Keep order: later events of the batch wait for this one.
        await this.releaseAll(rows.filter((r) => r !== row && !done.includes(r.id)));
        break;
      }
    }
    if (done.length > 0) {
      await this.q(`UPDATE ${this.table} SET published_at = now(), claimed_until = NULL, last_error = NULL WHERE id = ANY($1)`, [done]);
    }
    return { claimed: rows.length, published: done.length };
  }

  private async claim(): Promise<ClaimedRow[]> {
    const rows = (await this.q(
      `UPDATE ${this.table} SET claimed_until = now() + ($2 || ' milliseconds')::interval, attempts = attempts + 1
       WHERE position IN (
         SELECT position FROM ${this.table}
         WHERE published_at IS NULL AND next_attempt_at <= now()
           AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY position LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING position, id, subject, envelope, attempts`,
      [this.batchSize, String(this.leaseMs)],
    )) as ClaimedRow[];
    return rows.sort((a, b) => Number(BigInt(a.position) - BigInt(b.position)));
  }

  private async release(row: ClaimedRow, error: string): Promise<void> {
    const backoff = Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(row.attempts, 12));
    this.options.logger.warn?.(`outbox: publishing ${row.subject} ${row.id} failed (attempt ${row.attempts}): ${error}`);
    await this.q(
      `UPDATE ${this.table} SET claimed_until = NULL, last_error = $2,
         next_attempt_at = now() + ($3 || ' milliseconds')::interval WHERE id = $1`,
      [row.id, error.slice(0, 500), String(backoff)],
    );
  }

  private async releaseAll(rows: ClaimedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.q(`UPDATE ${this.table} SET claimed_until = NULL WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60 * 60 * 1000) return;
    this.lastCleanup = Date.now();
    await this.q(`DELETE FROM ${this.table} WHERE published_at < now() - interval '${RETENTION}'`, []);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: `${this.options.schema}-outbox` });
    client.on('notification', () => this.kick());
    client.on('error', (error) => {
      this.options.logger.warn?.(`outbox listener lost its connection: ${error.message}; polling until it is back`);
      this.listener = null;
      void client.end().catch(() => undefined);
      setTimeout(() => void this.reconnect(), this.pollIntervalMs);
    });
    await client.connect();
    await client.query(`LISTEN "${outboxChannel(this.options.schema)}"`);
    this.listener = client;
  }

  private async reconnect(): Promise<void> {
    if (this.stopped || this.listener) return;
    try {
      await this.listen();
    } catch {
      setTimeout(() => void this.reconnect(), this.pollIntervalMs * 5);
    }
  }

  private get table(): string {
    return `"${this.options.schema}"."outbox"`;
  }

  private async q(sql: string, params: unknown[]): Promise<unknown[]> {
    return (await this.pool.query(sql, params)).rows;
  }
}
