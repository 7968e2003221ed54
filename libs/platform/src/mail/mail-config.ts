import { z } from 'zod';

/** Variables every mail-sending service reads (README, Configuration). */
export const mailEnvSchema = z.object({
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465; unset: mails stay queued, none is sent. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender's address, e.g. `Hdiya <no-reply@hdiya.ma>`. */
  MAIL_FROM: z.string().min(3).default('Hdiya <no-reply@hdiya.local>'),
  /** The public origin links in mails point to (the web app behind the gateway). */
  PUBLIC_URL: z
    .string()
    .url('must be a URL such as https://hdiya.ma')
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Failed attempts after which a mail is given up (marked failed, listed for administrators). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First retry delay; each failure doubles it, up to MAIL_MAX_BACKOFF_MS. */
  MAIL_BACKOFF_MS: z.coerce.number().int().min(1).default(5000),
  MAIL_MAX_BACKOFF_MS: z.coerce.number().int().min(1).default(10 * 60 * 1000),
  /**
   * How long a sender holds the mails it claimed: a sender killed mid-batch leaves them to the
   * others after this. Longer than a batch takes to send (20 mails), or a slow batch is sent twice.
   */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(5 * 60 * 1000),
});

export type MailEnv = z.infer<typeof mailEnvSchema>;
