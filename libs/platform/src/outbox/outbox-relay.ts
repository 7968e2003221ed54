import type { LoggerService } from '@nestjs/common';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import pg from 'pg';
import { pgTimeoutSettings, type DatabaseTimeouts } from '../database/data-source-options.js';
import { DrainLoop } from '../database/drain-loop.js';
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
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly pool: pg.Pool;
  private readonly loop: DrainLoop;
  private lastCleanup = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.batchSize = options.batchSize ?? 100;
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 2,
      application_name: `${options.schema}-outbox`,
      ...(options.timeouts ? pgTimeoutSettings(options.timeouts) : {}),
    });
    this.pool.on('error', () => undefined); // a broken idle connection is replaced on next use
    this.loop = new DrainLoop({
      name: 'outbox relay',
      drain: () => this.drain(),
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      logger: options.logger,
      listen: { databaseUrl: options.databaseUrl, applicationName: `${options.schema}-outbox`, channel: outboxChannel(options.schema) },
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.pool.end();
  }

  /** Drains the outbox now; concurrent kicks coalesce into one more pass. */
  kick(): void {
    this.loop.kick();
  }

  /** Publishes until no claimable row is left. Returns how many rows were published. */
  async drain(): Promise<number> {
    let published = 0;
    for (;;) {
      const batch = await this.publishBatch();
      published += batch.published;
      if (batch.claimed < this.batchSize || this.loop.stopped) break;
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

  private get table(): string {
    return `"${this.options.schema}"."outbox"`;
  }

  private async q(sql: string, params: unknown[]): Promise<unknown[]> {
    return (await this.pool.query(sql, params)).rows;
  }
}
