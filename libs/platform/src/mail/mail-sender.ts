import type { LoggerService } from '@nestjs/common';
import pg from 'pg';
import type nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { FailedMailView } from '@hdiya/contracts';
import { pgTimeoutSettings, type DatabaseTimeouts } from '../database/data-source-options.js';
import { DrainLoop } from '../database/drain-loop.js';
import { sharedSql } from '../database/shared-tables.js';
import { firstRow, rows, sql, write } from '../database/typed-sql.js';
import { crashpoint } from '../faults/crashpoint.js';
import { registerCounter, registerGauge } from '../metrics/metrics.js';
import { mailOutboxChannel } from './outgoing-mail.js';
import { createSmtpTransport, domainOf, isConnectionError } from './smtp-transport.js';

export interface MailSenderOptions {
  /** The service the outbox belongs to (metrics, logs, the admin list). */
  service: string;
  schema: string;
  databaseUrl: string;
  timeouts?: DatabaseTimeouts;
  /** Unset: nothing is sent, mails stay queued until a sender with an SMTP server runs. */
  smtpUrl?: string;
  from: string;
  logger: LoggerService;
  /** Failed attempts after which a mail is marked failed (8). */
  maxAttempts?: number;
  /** First retry delay, doubled at each failure up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Safety-net poll (and the pace of retries): rows whose NOTIFY was missed, backoffs that ran out. */
  pollIntervalMs?: number;
  /** How long a claimed row stays reserved; a sender killed mid-batch frees its rows after this. */
  leaseMs?: number;
  batchSize?: number;
  /** A transport of one's own (tests); default: SMTP from smtpUrl. */
  transport?: nodemailer.Transporter<SMTPPool.SentMessageInfo>;
}

/**
 * Kinds whose row is deleted as soon as SMTP accepted it: the confirmation of an account's deletion
 * (decision 0074) is the last thing that names the member, and it must not outlive its sending.
 */
export const FORGOTTEN_ONCE_SENT: ReadonlySet<string> = new Set(['account_deleted']);

/** now() plus a number of milliseconds (a lease, a backoff). */
const inMs = (ms: number) => sql<Date>`now() + (${String(ms)} || ' milliseconds')::interval`;
const now = sql<Date>`now()`;

/** The extra headers enqueueMail stored (a JSON object of strings). */
const headersOf = (headers: unknown): Record<string, string> =>
  typeof headers === 'object' && headers !== null && !Array.isArray(headers)
    ? Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

/**
 * Delivers the rows of `<schema>.mail_outbox` over SMTP. Rows are claimed with a lease
 * (FOR UPDATE SKIP LOCKED), so replicas share the work; each is marked sent as soon as SMTP
 * accepted it, so a sender killed mid-batch sends again at most the one mail in flight (decision
 * 0024). A failure waits an exponential backoff; after `maxAttempts` failures the mail is marked
 * failed and listed for administrators.
 */
export class MailSender {
  private readonly pool: pg.Pool;
  private readonly transport: nodemailer.Transporter<SMTPPool.SentMessageInfo> | null;
  private readonly messageIdDomain: string;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly loop: DrainLoop;
  private readonly sent = registerCounter('hdiya_mails_sent_total', 'Mails the SMTP server accepted, by kind', ['kind']);
  private readonly failed = registerCounter('hdiya_mails_failed_total', 'Mails given up after their last attempt, by kind', ['kind']);
  private readonly attemptFailures = registerCounter('hdiya_mail_attempt_failures_total', 'SMTP attempts that failed (retried later), by kind', ['kind']);

  constructor(private readonly options: MailSenderOptions) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoffMs = options.backoffMs ?? 5000;
    this.maxBackoffMs = options.maxBackoffMs ?? 10 * 60 * 1000;
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.batchSize = options.batchSize ?? 20;
    this.messageIdDomain = domainOf(options.from);
    this.transport = options.transport ?? (options.smtpUrl ? createSmtpTransport(options.smtpUrl) : null);
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 2,
      application_name: `${options.schema}-mail`,
      ...(options.timeouts ? pgTimeoutSettings(options.timeouts) : {}),
    });
    this.pool.on('error', () => undefined); // a broken idle connection is replaced on next use
    this.loop = new DrainLoop({
      name: 'mail sender',
      drain: () => this.drain(),
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      logger: options.logger,
      listen: { databaseUrl: options.databaseUrl, applicationName: `${options.schema}-mail`, channel: mailOutboxChannel(options.schema) },
    });
  }

  /** Mails waiting to be sent (`hdiya_mail_backlog`), read when Prometheus scrapes. */
  registerMetrics(): void {
    let last = 0;
    registerGauge('hdiya_mail_backlog', 'Mails queued and not yet accepted by SMTP (nor given up)', async () => {
      try {
        const row = await firstRow(
          this.pool,
          this.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('backlog'))
            .where('sent_at', 'is', null)
            .where('failed_at', 'is', null),
        );
        last = row?.backlog ?? last;
      } catch {
        // The database is away: the last figure stands (health checks report the outage).
      }
      return last;
    });
  }

  /** Starts delivering (nothing when no SMTP server is configured: rows wait for one). */
  async start(): Promise<void> {
    if (!this.transport) {
      this.options.logger.warn?.('SMTP_URL is not set: mails are queued, none is sent');
      return;
    }
    await this.loop.start();
  }

  /** Finishes the mail in flight (and marks it), then stops: what is left waits in the table. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport?.close();
    await this.pool.end();
  }

  /** Sends now; concurrent kicks coalesce into one more pass. */
  kick(): void {
    this.loop.kick();
  }

  /** Sends until no claimable row is left. Returns how many mails SMTP accepted. */
  async drain(): Promise<number> {
    if (!this.transport) return 0;
    let sent = 0;
    for (;;) {
      const rows = await this.claim();
      sent += await this.sendBatch(rows);
      if (rows.length < this.batchSize || this.loop.stopped) break;
    }
    return sent;
  }

  /** The newest mails given up on, for administrators. */
  async listFailed(limit = 100): Promise<FailedMailView[]> {
    const failed = await rows(
      this.pool,
      this.db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'recipient', 'subject', 'attempts', 'last_error', 'created_at', 'failed_at'])
        .where('failed_at', 'is not', null)
        .orderBy('failed_at', 'desc')
        .orderBy('id')
        .limit(limit),
    );
    return failed.map((r) => ({
      id: r.id,
      service: this.options.service,
      kind: r.kind,
      to: r.recipient,
      subject: r.subject,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at.toISOString(),
      // Listed because it is set (WHERE failed_at IS NOT NULL).
      failedAt: r.failed_at!.toISOString(),
    }));
  }

  private async sendBatch(rows: ClaimedMail[]): Promise<number> {
    let sent = 0;
    for (const [index, row] of rows.entries()) {
      if (this.loop.stopped) {
        await this.releaseUntried(rows.slice(index));
        break;
      }
      try {
        await this.transport!.sendMail({
          from: this.options.from,
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          headers: headersOf(row.headers),
          // The same Message-ID on every attempt: a mail client folds a rare duplicate into one.
          messageId: `<${row.id}@${this.messageIdDomain}>`,
        });
      } catch (error) {
        await this.recordFailure(row, error as Error);
        if (isConnectionError(error)) {
          // The server is out of reach: the rest of the batch would fail alike; each waits its backoff.
          for (const rest of rows.slice(index + 1)) await this.recordFailure(rest, error as Error);
          break;
        }
        continue;
      }
      // Marked at once, one by one: a crash from here on re-sends only this mail.
      crashpoint('mail.after-smtp-accepted');
      if (FORGOTTEN_ONCE_SENT.has(row.kind)) await write(this.pool, this.db.deleteFrom('mail_outbox').where('id', '=', row.id));
      else await write(this.pool, this.db.updateTable('mail_outbox').set({ sent_at: now, claimed_until: null, last_error: null }).where('id', '=', row.id));
      this.sent.inc({ kind: row.kind });
      sent += 1;
    }
    return sent;
  }

  private claim() {
    return rows(
      this.pool,
      this.db
        .updateTable('mail_outbox')
        .set({ claimed_until: inMs(this.leaseMs) })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_outbox')
            .select('id')
            .where('sent_at', 'is', null)
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '<=', now)
            .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
            .orderBy('next_attempt_at')
            .orderBy('created_at')
            .limit(this.batchSize)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'kind', 'recipient', 'subject', 'text_body', 'html_body', 'headers', 'attempts']),
    );
  }

  /** One more failed attempt: retried after a doubled delay, or given up after the last one. */
  private async recordFailure(row: ClaimedMail, error: Error): Promise<void> {
    const attempts = row.attempts + 1;
    const message = (error.message || String(error)).slice(0, 500);
    if (attempts >= this.maxAttempts) {
      this.options.logger.error?.(`mail ${row.id} (${row.kind}) given up after ${attempts} attempts: ${message}`);
      await write(
        this.pool,
        this.db.updateTable('mail_outbox').set({ attempts, failed_at: now, claimed_until: null, last_error: message }).where('id', '=', row.id),
      );
      this.failed.inc({ kind: row.kind });
      return;
    }
    const backoff = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempts - 1));
    this.options.logger.warn?.(`mail ${row.id} (${row.kind}) failed (attempt ${attempts}), retry in ${backoff} ms: ${message}`);
    await write(
      this.pool,
      this.db.updateTable('mail_outbox').set({ attempts, claimed_until: null, last_error: message, next_attempt_at: inMs(backoff) }).where('id', '=', row.id),
    );
    this.attemptFailures.inc({ kind: row.kind });
  }

  /** Rows claimed but not tried before a stop: free at once for the next sender. */
  private async releaseUntried(rows: ClaimedMail[]): Promise<void> {
    if (rows.length === 0) return;
    await write(this.pool, this.db.updateTable('mail_outbox').set({ claimed_until: null }).where('id', '=', (eb) => eb.fn.any(eb.val(rows.map((r) => r.id)))));
  }

  private get db() {
    return sharedSql(this.options.schema);
  }
}

type ClaimedMail = Awaited<ReturnType<MailSender['claim']>>[number];
