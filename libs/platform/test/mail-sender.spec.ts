import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { adminDatabaseUrl, caughtMails, startMailCatcher, waitFor, type CaughtMail, type MailCatcher } from '@hdiya/testing';
import { addMailOutboxMemberIdV2, createMailOutboxTableV1 } from '../src/mail/mail-tables.js';
import { MailSender, type MailSenderOptions } from '../src/mail/mail-sender.js';
import { enqueueMail } from '../src/mail/outgoing-mail.js';
import { renderMail } from '../src/mail/render-mail.js';
import { metricsRegistry } from '../src/metrics/metrics.js';
import { createScratchSchema, dropScratchSchema, quietLogger } from './platform-fixtures.js';

// The mail sender against a real SMTP server (maildev): delivery, retries while SMTP is away,
// giving up after the last attempt, and two senders sharing one outbox.

const SCHEMA = 'mail_it';
const logger = quietLogger('mail-test');

let dataSource: DataSource;
let catcher: MailCatcher;
const senders: MailSender[] = [];

function newSender(options: Partial<MailSenderOptions> = {}): MailSender {
  const sender = new MailSender({
    service: 'test',
    schema: SCHEMA,
    databaseUrl: adminDatabaseUrl(),
    smtpUrl: catcher.smtpUrl,
    from: 'Hdiya <no-reply@hdiya.test>',
    logger,
    pollIntervalMs: 100,
    backoffMs: 50,
    maxBackoffMs: 200,
    ...options,
  });
  senders.push(sender);
  return sender;
}

/** A unique recipient, so assertions never see another test's mails. */
const recipient = () => `r_${randomUUID().slice(0, 8)}@example.ma`;

async function enqueue(to: string, subject = 'Bonjour'): Promise<string> {
  const { html, text } = renderMail({ lang: 'fr', heading: subject, paragraphs: ['Un paragraphe.'] });
  return dataSource.transaction((manager) => enqueueMail(manager, SCHEMA, { kind: 'test', to, subject, text, html }));
}

async function mailsTo(to: string): Promise<CaughtMail[]> {
  return (await caughtMails(catcher.apiUrl)).filter((m) => m.to.some((t) => t.address === to));
}

async function row(id: string): Promise<{ attempts: number; sent_at: Date | null; failed_at: Date | null; last_error: string | null }> {
  const [found] = await dataSource.query(`SELECT attempts, sent_at, failed_at, last_error FROM "${SCHEMA}".mail_outbox WHERE id = $1`, [id]);
  return found;
}

async function counter(name: string, kind = 'test'): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  return metric?.values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

beforeAll(async () => {
  dataSource = await createScratchSchema(SCHEMA, [...createMailOutboxTableV1(SCHEMA), ...addMailOutboxMemberIdV2(SCHEMA)]);
  catcher = await startMailCatcher();
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop().catch(() => undefined)));
});

afterAll(async () => {
  await dropScratchSchema(dataSource, SCHEMA);
  await catcher.stop();
});

describe(MailSender.name, () => {
  it('should send a committed mail with its text and HTML parts and a Message-ID of its row, and mark it sent', async () => {
    const sender = newSender();
    await sender.start();
    const to = recipient();
    const id = await enqueue(to, 'Réinitialiser');
    const [mail] = await waitFor(async () => ((await mailsTo(to)).length === 1 ? mailsTo(to) : undefined), { what: 'the mail' });
    expect(mail).toMatchObject({ subject: 'Réinitialiser', messageId: `${id}@hdiya.test` });
    expect(mail!.text).toContain('Un paragraphe.');
    expect(mail!.html).toContain('<p style="margin:0 0 16px;line-height:1.5;overflow-wrap:anywhere">Un paragraphe.</p>');
    await waitFor(async () => (await row(id)).sent_at !== null, { what: 'the mark' });
  });

  it('should send nothing for a transaction that rolled back', async () => {
    const to = recipient();
    await dataSource
      .transaction(async (manager) => {
        await enqueueMail(manager, SCHEMA, { kind: 'test', to, subject: 'x', text: 'x', html: 'x' });
        throw new Error('the cause failed');
      })
      .catch(() => undefined);
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".mail_outbox WHERE recipient = $1`, [to]);
    expect(n).toBe(0);
  });

  it('should keep retrying with a growing delay while SMTP is away, then deliver every mail once', async () => {
    await catcher.stop();
    // No giving up here (the next test covers it): at 400 ms a retry, eight attempts would run out
    // in about two seconds, and restarting the SMTP server can take that long on a busy machine.
    const sender = newSender({ backoffMs: 100, maxBackoffMs: 400, maxAttempts: 1000 });
    await sender.start();
    const to = recipient();
    const ids = [await enqueue(to), await enqueue(to), await enqueue(to)];
    await waitFor(async () => (await row(ids[0]!)).attempts >= 3, { what: 'three failed attempts' });
    const failing = await row(ids[0]!);
    expect(failing).toMatchObject({ sent_at: null, failed_at: null });
    expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);
    const [{ wait }] = await dataSource.query(`SELECT EXTRACT(EPOCH FROM next_attempt_at - now()) * 1000 AS wait FROM "${SCHEMA}".mail_outbox WHERE id = $1`, [ids[0]]);
    expect(Number(wait)).toBeLessThanOrEqual(400);

    await catcher.start();
    await waitFor(async () => (await mailsTo(to)).length === 3, { what: 'every mail after SMTP came back', timeoutMs: 15_000 });
    for (const id of ids) await waitFor(async () => (await row(id)).sent_at !== null, { what: 'marked sent' });
    expect((await mailsTo(to)).map((m) => m.messageId).sort()).toEqual(ids.map((id) => `${id}@hdiya.test`).sort());
  });

  it('should mark a mail failed after its eighth failure, count it and list it for administrators', async () => {
    await catcher.stop();
    try {
      const before = await counter('hdiya_mails_failed_total');
      const sender = newSender({ backoffMs: 1, maxBackoffMs: 1 });
      await sender.start();
      const to = recipient();
      const id = await enqueue(to, 'Perdu');
      await waitFor(async () => (await row(id)).failed_at !== null, { what: 'the mail given up', timeoutMs: 15_000 });
      expect((await row(id)).attempts).toBe(8);
      expect(await counter('hdiya_mails_failed_total')).toBe(before + 1);
      const listed = (await sender.listFailed()).find((m) => m.id === id);
      expect(listed).toMatchObject({ service: 'test', kind: 'test', to, subject: 'Perdu', attempts: 8 });
      // Given up means left alone: SMTP back, it is not sent.
      await catcher.start();
      expect(await sender.drain()).toBe(0);
      expect(await mailsTo(to)).toEqual([]);
    } finally {
      if (!(await fetch(catcher.apiUrl).then(() => true, () => false))) await catcher.start();
    }
  });

  it('should share one outbox between two senders without sending a mail twice', async () => {
    const to = recipient();
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push(await enqueue(to, `Lot ${i}`));
    const [a, b] = [newSender({ batchSize: 5 }), newSender({ batchSize: 5 })];
    await Promise.all([a.start(), b.start()]);
    const mails = await waitFor(async () => {
      const found = await mailsTo(to);
      return found.length >= 40 ? found : undefined;
    }, { what: 'forty mails' });
    expect(mails).toHaveLength(40);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(40);
    for (const id of ids) await waitFor(async () => (await row(id)).sent_at !== null, { what: 'marked sent' });
    // Nothing arrives late: both senders have nothing left to claim.
    expect((await a.drain()) + (await b.drain())).toBe(0);
    expect(await mailsTo(to)).toHaveLength(40);
  });

  it('should leave mails queued when no SMTP server is configured', async () => {
    const sender = newSender({ smtpUrl: undefined });
    await sender.start();
    const id = await enqueue(recipient());
    expect(await sender.drain()).toBe(0);
    expect(await row(id)).toMatchObject({ attempts: 0, sent_at: null });
    await dataSource.query(`DELETE FROM "${SCHEMA}".mail_outbox WHERE id = $1`, [id]);
  });
});
