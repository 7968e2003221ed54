import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { sharedSql } from '../database/shared-tables.js';
import { sql, write } from '../database/typed-sql.js';

/** One mail to send: rendered already (renderMail), addressed, with extra headers if any (List-Unsubscribe…). */
export interface OutgoingMail {
  /** What the mail is for (password_reset, email_verification, a notification kind…): metrics and the admin list. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** The member it is for, when known: a deleted member's waiting mails are dropped by it (decision 0074). */
  memberId?: string;
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
  const db = sharedSql(schema);
  await write(
    manager,
    db.insertInto('mail_outbox').values({
      id,
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      member_id: mail.memberId ?? null,
    }),
  );
  await write(manager, db.selectNoFrom(sql`pg_notify(${mailOutboxChannel(schema)}, ${id})`.as('notified')));
  return id;
}
