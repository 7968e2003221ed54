import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** One mail to send: rendered already (renderMail), addressed, with extra headers if any (List-Unsubscribe…). */
export interface OutgoingMail {
  /** What the mail is for (password_reset, email_verification, a notification kind…): metrics and the admin list. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Postgres channel the mail sender listens on; NOTIFY is delivered only when the transaction commits. */
export function mailOutboxChannel(schema: string): string {
  return `${schema}_mail_outbox`;
}

/**
 * Writes a mail into `<schema>.mail_outbox` in the caller's transaction: the mail exists exactly
 * when its cause is committed (a rolled-back request sends nothing, a committed one is never
 * forgotten). The service's MailSender delivers it. Returns the row's id (also its Message-ID).
 */
export async function enqueueMail(manager: EntityManager, schema: string, mail: OutgoingMail): Promise<string> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error('enqueueMail must run inside a transaction');
  }
  const id = randomUUID();
  await manager.query(
    `INSERT INTO "${schema}"."mail_outbox" ("id", "kind", "recipient", "subject", "text_body", "html_body", "headers")
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, mail.kind, mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.headers ?? {})],
  );
  await manager.query('SELECT pg_notify($1, $2)', [mailOutboxChannel(schema), id]);
  return id;
}
