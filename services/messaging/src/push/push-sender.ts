import type { LoggerService } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import webpush from 'web-push';
import { DrainLoop, type Json, registerCounter, rows, sql, write } from '@hdiya/platform';
import { db } from '../database/db.js';
import type { VapidDetails } from './vapid.js';

export interface PushSenderOptions {
  dataSource: DataSource;
  vapid: VapidDetails;
  logger: LoggerService;
  maxAttempts: number;
  retryBaseMs: number;
  pollIntervalMs: number;
  requestTimeoutMs: number;
  batchSize?: number;
  /** How long a claimed delivery stays reserved; a sender that dies mid-send frees it after this. */
  leaseMs?: number;
}

interface ClaimedDelivery {
  id: string;
  subscription_id: string;
  /** A PushPayload (push-message.ts), sent as it was queued. */
  payload: Json;
  topic: string | null;
  urgency: webpush.Urgency;
  ttl_seconds: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type Outcome = 'sent' | 'gone' | 'retried' | 'failed';

const MAX_BACKOFF_MS = 10 * 60 * 1000;

/** now() plus a number of milliseconds (a lease, a backoff). */
const inMs = (ms: number) => sql<Date>`now() + (${String(ms)} || ' milliseconds')::interval`;

export const pushDeliveries = registerCounter(
  'hdiya_push_deliveries_total',
  'Web pushes handed to push services, by outcome (sent; gone: the device unsubscribed, 404/410, and is removed; retried; failed: given up)',
  ['outcome'],
);

/**
 * Delivers queued pushes like the outbox relay publishes events: deliveries are claimed with a
 * lease (FOR UPDATE SKIP LOCKED, so replicas share the work and a crashed sender's claim runs
 * out), sent with `web-push`'s encryption and VAPID signature, retried with exponential backoff
 * and given up after `maxAttempts`. A push service answering 404 or 410 has forgotten the device:
 * its subscription is removed with whatever was still queued for it.
 */
export class PushSender {
  private readonly loop: DrainLoop;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(private readonly options: PushSenderOptions) {
    this.batchSize = options.batchSize ?? 50;
    this.leaseMs = options.leaseMs ?? Math.max(30_000, options.requestTimeoutMs * 3);
    this.loop = new DrainLoop({ name: 'push sender', drain: () => this.drain(), pollIntervalMs: options.pollIntervalMs, logger: options.logger });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /** Lets the pass in flight finish. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends what is due now; concurrent kicks coalesce into one more pass. */
  kick(): void {
    this.loop.kick();
  }

  /** Sends batches until none is due. Returns the outcomes (for tests and logs). */
  async drain(): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (;;) {
      const batch = await this.claim();
      outcomes.push(...(await Promise.all(batch.map((delivery) => this.deliver(delivery)))));
      if (batch.length < this.batchSize || this.loop.stopped) break;
    }
    return outcomes;
  }

  private async claim(): Promise<ClaimedDelivery[]> {
    const claimed = await rows(
      this.options.dataSource.manager,
      db
        .updateTable('push_deliveries as d')
        .from('push_subscriptions as s')
        .set((eb) => ({ claimed_until: inMs(this.leaseMs), attempts: eb('d.attempts', '+', 1) }))
        .whereRef('s.id', '=', 'd.subscription_id')
        .where('d.id', 'in', (eb) =>
          eb
            .selectFrom('push_deliveries')
            .select('id')
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '<=', sql<Date>`now()`)
            .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', sql<Date>`now()`)]))
            .orderBy('next_attempt_at')
            .limit(this.batchSize)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['d.id', 'd.subscription_id', 'd.payload', 'd.topic', 'd.urgency', 'd.ttl_seconds', 'd.attempts', 's.endpoint', 's.p256dh', 's.auth']),
    );
    // urgency is what PushService queued: one of web-push's.
    return claimed.map((row) => ({ ...row, urgency: row.urgency as webpush.Urgency }));
  }

  private async deliver(delivery: ClaimedDelivery): Promise<Outcome> {
    let outcome: Outcome;
    let error = '';
    try {
      const status = await this.send(delivery);
      if (status >= 200 && status < 300) outcome = 'sent';
      else if (status === 404 || status === 410) outcome = 'gone';
      else {
        error = `push service answered ${status}`;
        outcome = delivery.attempts >= this.options.maxAttempts ? 'failed' : 'retried';
      }
    } catch (e) {
      error = (e as Error).message;
      outcome = delivery.attempts >= this.options.maxAttempts ? 'failed' : 'retried';
    }
    await this.record(delivery, outcome, error);
    pushDeliveries.inc({ outcome });
    return outcome;
  }

  /** One POST to the push service: web-push encrypts (aes128gcm) and signs; the request is ours (timeout, no redirects). */
  private async send(delivery: ClaimedDelivery): Promise<number> {
    const details = webpush.generateRequestDetails(
      { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
      JSON.stringify(delivery.payload),
      {
        vapidDetails: this.options.vapid,
        TTL: delivery.ttl_seconds,
        urgency: delivery.urgency,
        ...(delivery.topic ? { topic: delivery.topic } : {}),
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    const response = await fetch(delivery.endpoint, {
      method: 'POST',
      headers,
      body: details.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.options.requestTimeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  }

  private async record(delivery: ClaimedDelivery, outcome: Outcome, error: string): Promise<void> {
    const manager = this.options.dataSource.manager;
    switch (outcome) {
      case 'sent':
        await write(manager, db.deleteFrom('push_deliveries').where('id', '=', delivery.id));
        return;
      case 'gone':
        this.options.logger.log?.(`push: the push service forgot a device (subscription ${delivery.subscription_id}): removed`);
        await write(manager, db.deleteFrom('push_subscriptions').where('id', '=', delivery.subscription_id));
        return;
      case 'failed':
        this.options.logger.warn?.(`push: delivery ${delivery.id} given up after ${delivery.attempts} attempts: ${error}`);
        await write(
          manager,
          db.updateTable('push_deliveries').set({ failed_at: sql<Date>`now()`, claimed_until: null, last_error: error.slice(0, 500) }).where('id', '=', delivery.id),
        );
        return;
      case 'retried': {
        const backoff = Math.min(MAX_BACKOFF_MS, this.options.retryBaseMs * 2 ** (delivery.attempts - 1));
        await write(
          manager,
          db.updateTable('push_deliveries').set({ claimed_until: null, last_error: error.slice(0, 500), next_attempt_at: inMs(backoff) }).where('id', '=', delivery.id),
        );
      }
    }
  }
}
