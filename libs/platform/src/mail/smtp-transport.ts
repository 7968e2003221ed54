import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

/** Bounds on one SMTP conversation, so an unreachable server fails an attempt instead of hanging the sender. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * A nodemailer SMTP transport from `smtp://user:pass@host:port` (STARTTLS when the server offers
 * it) or `smtps://…` (TLS from the start, port 465). Query parameters are not read: the URL names
 * the server and the account, nothing else.
 */
export function createSmtpTransport(smtpUrl: string): nodemailer.Transporter<SMTPPool.SentMessageInfo> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  // One kept connection (pooled): a new SMTP conversation per mail capped the sender at a few
  // mails a second. Still one mail in flight at a time, so a crash re-sends at most that one.
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections: 1,
    maxMessages: 500,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...SMTP_TIMEOUTS,
  };
  if (url.username) options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  return nodemailer.createTransport(options);
}

/** The domain of `Name <user@domain>` or `user@domain`, for Message-IDs. */
export function domainOf(address: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'hdiya.local';
}

/** Errors that say the server could not be reached or spoken to, not that this one mail was refused. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS' || code === 'ECONNREFUSED' || code === 'ETLS' || code === 'EAUTH' || code === 'EPROTOCOL';
}
