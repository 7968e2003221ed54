import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../src/config/load-config.js';
import { createInboxTableV1, createOutboxTableV1 } from '../src/database/messaging-tables.js';
import { createMailOutboxTableV1 } from '../src/mail/mail-tables.js';
import { inboxRetentionEnvSchema, mailRetentionEnvSchema, retentionEnvSchema } from '../src/retention/retention-config.js';
import { applyRetention } from '../src/retention/retention-rule.js';
import { inboxRule, mailOutboxRules, outboxRule } from '../src/retention/shared-table-rules.js';
import { createScratchSchema, dropScratchSchema, quietLogger } from './platform-fixtures.js';

// Issue 47: the retention of the tables every service keeps (outbox, inbox, mail outbox) on a real
// Postgres: what is older than its period goes, what is younger or still needed stays, in batches,
// with two replicas running at once.

const SCHEMA = 'retention_it';
const logger = quietLogger('retention-test');
let dataSource: DataSource;

const periodsOf = (env: Record<string, string> = {}) => loadConfig(retentionEnvSchema.extend(inboxRetentionEnvSchema.shape).extend(mailRetentionEnvSchema.shape), env);

beforeAll(async () => {
  dataSource = await createScratchSchema(SCHEMA, [...createOutboxTableV1(SCHEMA), ...createInboxTableV1(SCHEMA), ...createMailOutboxTableV1(SCHEMA)]);
});

afterAll(() => dropScratchSchema(dataSource, SCHEMA));

beforeEach(async () => {
  await dataSource.query(`TRUNCATE "${SCHEMA}".outbox, "${SCHEMA}".inbox, "${SCHEMA}".mail_outbox`);
});

/** An outbox row published `publishedDaysAgo` days ago (null: not yet published), created a day before. */
async function outboxRow(publishedDaysAgo: number | null): Promise<string> {
  const id = randomUUID();
  await dataSource.query(
    `INSERT INTO "${SCHEMA}".outbox (id, subject, envelope, created_at, published_at)
     VALUES ($1, 'events.test.v1', '{}', now() - ($2::numeric + 1) * interval '1 day', now() - $2::numeric * interval '1 day')`,
    [id, publishedDaysAgo ?? 0],
  );
  if (publishedDaysAgo === null) await dataSource.query(`UPDATE "${SCHEMA}".outbox SET published_at = NULL WHERE id = $1`, [id]);
  return id;
}

async function inboxRow(daysAgo: number, consumer = 'test-consumer'): Promise<string> {
  const id = randomUUID();
  await dataSource.query(`INSERT INTO "${SCHEMA}".inbox (consumer, event_id, processed_at) VALUES ($1, $2, now() - $3::numeric * interval '1 day')`, [consumer, id, daysAgo]);
  return id;
}

async function mailRow(state: 'queued' | 'sent' | 'failed', daysAgo: number): Promise<string> {
  const id = randomUUID();
  await dataSource.query(
    `INSERT INTO "${SCHEMA}".mail_outbox (id, kind, recipient, subject, text_body, html_body, created_at, sent_at, failed_at)
     VALUES ($1, 'test', 'r@example.ma', 'Bonjour', 'texte', '<p>texte</p>', now() - $2::numeric * interval '1 day',
             CASE WHEN $3 = 'sent' THEN now() - $2::numeric * interval '1 day' END, CASE WHEN $3 = 'failed' THEN now() - $2::numeric * interval '1 day' END)`,
    [id, daysAgo, state],
  );
  return id;
}

const ids = async (table: string, column = 'id'): Promise<string[]> =>
  (await dataSource.query(`SELECT ${column} AS id FROM "${SCHEMA}".${table} ORDER BY ${column}`)).map((r: { id: string }) => r.id).sort();

const rulesOf = (periods: ReturnType<typeof periodsOf>) => [outboxRule(SCHEMA, periods), inboxRule(SCHEMA, periods), ...mailOutboxRules(SCHEMA, periods)];

describe('the retention of the outbox, inbox and mail outbox', () => {
  it('should delete published outbox rows older than RETENTION_PUBLISHED_OUTBOX_DAYS, never an unpublished one', async () => {
    const old = await outboxRow(8);
    const young = await outboxRow(6);
    const unpublished = await outboxRow(null);
    await dataSource.query(`UPDATE "${SCHEMA}".outbox SET created_at = now() - interval '90 days' WHERE id = $1`, [unpublished]);
    expect(await applyRetention(dataSource.manager, rulesOf(periodsOf()), 1000, logger)).toBe(1);
    expect(await ids('outbox')).toEqual([young, unpublished].sort());
    expect(await ids('outbox')).not.toContain(old);

    // The period follows the variable: with 5 days, the 6-day-old row goes too.
    expect(await applyRetention(dataSource.manager, rulesOf(periodsOf({ RETENTION_PUBLISHED_OUTBOX_DAYS: '5' })), 1000, logger)).toBe(1);
    expect(await ids('outbox')).toEqual([unpublished]);
  });

  it('should delete inbox rows older than the events stream keeps an event, and keep the younger ones', async () => {
    const old = await inboxRow(32);
    const edge = await inboxRow(30);
    const young = await inboxRow(1, 'other-consumer');
    await applyRetention(dataSource.manager, rulesOf(periodsOf()), 1000, logger);
    const kept = await ids('inbox', 'event_id');
    expect(kept).toEqual([edge, young].sort());
    expect(kept).not.toContain(old);

    await applyRetention(dataSource.manager, rulesOf(periodsOf({ RETENTION_HANDLED_INBOX_DAYS: '40' })), 1000, logger);
    expect(await ids('inbox', 'event_id')).toEqual([edge, young].sort());
  });

  it('should refuse an inbox period shorter than the events stream keeps an event (a redelivery would apply twice)', () => {
    expect(() => periodsOf({ RETENTION_HANDLED_INBOX_DAYS: '30' })).toThrow(ConfigError);
    expect(() => periodsOf({ RETENTION_HANDLED_INBOX_DAYS: '31' })).not.toThrow();
    for (const bad of ['-1', '2.5', 'trente']) expect(() => periodsOf({ RETENTION_SENT_MAIL_DAYS: bad })).toThrow(ConfigError);
  });

  it('should delete sent and failed mails after their periods, and never a queued one', async () => {
    const oldSent = await mailRow('sent', 31);
    const youngSent = await mailRow('sent', 29);
    const oldFailed = await mailRow('failed', 11);
    const youngFailed = await mailRow('failed', 9);
    const queued = await mailRow('queued', 60);
    await applyRetention(dataSource.manager, rulesOf(periodsOf({ RETENTION_FAILED_MAIL_DAYS: '10' })), 1000, logger);
    const kept = await ids('mail_outbox');
    expect(kept).toEqual([youngSent, youngFailed, queued].sort());
    expect(kept).not.toContain(oldSent);
    expect(kept).not.toContain(oldFailed);
  });

  it('should go through a backlog in batches, and share it between two replicas running at once', async () => {
    const old = await Promise.all(Array.from({ length: 45 }, () => inboxRow(40)));
    const young = await inboxRow(2);
    const rules = rulesOf(periodsOf());
    const [first, second] = await Promise.all([applyRetention(dataSource.manager, rules, 4, logger), applyRetention(dataSource.manager, rules, 4, logger)]);
    expect(first + second).toBe(old.length);
    expect(await ids('inbox', 'event_id')).toEqual([young]);
  });

  it('should leave a row another transaction holds for the next run, without waiting for it', async () => {
    const held = await inboxRow(40);
    await inboxRow(40); // free: goes on the first run
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(`SELECT 1 FROM "${SCHEMA}".inbox WHERE event_id = $1 FOR UPDATE`, [held]);
      expect(await applyRetention(dataSource.manager, rulesOf(periodsOf()), 1000, logger)).toBe(1);
      expect(await ids('inbox', 'event_id')).toEqual([held]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await applyRetention(dataSource.manager, rulesOf(periodsOf()), 1000, logger)).toBe(1);
    expect(await ids('inbox', 'event_id')).toEqual([]);
  });

  it('should log counts only, never what the rows hold', async () => {
    await mailRow('sent', 40);
    const lines: string[] = [];
    const recording = { log: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    await applyRetention(dataSource.manager, rulesOf(periodsOf()), 1000, recording);
    expect(lines).toEqual(['sent mails deleted: 1']);
  });
});

