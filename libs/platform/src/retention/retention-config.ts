import { z } from 'zod';
import { EVENTS_MAX_AGE_DAYS } from '../nats/events-stream-config.js';

/** A retention period in whole days (0: as soon as the job passes). */
const days = (fallback: number, least = 0) =>
  z.coerce
    .number()
    .int('must be a whole number of days')
    .min(least, least > 0 ? `must be at least ${least} days` : 'must be 0 or more days')
    .max(3650)
    .default(fallback);

/**
 * Variables every service with a database reads: how often its retention job runs, how many rows
 * one statement deletes, and the outbox's period (docs/privacy.md, decision 0075).
 */
export const retentionEnvSchema = z.object({
  /** How often the retention job runs. */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(60 * 60 * 1000),
  /** Rows one DELETE removes at most: a big backlog goes in short statements, never one long lock. */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Outbox rows, once published (JetStream holds the event from then on). */
  RETENTION_PUBLISHED_OUTBOX_DAYS: days(7),
});

/** The inbox's period, for services that consume events (points, donations, messaging). */
export const inboxRetentionEnvSchema = z.object({
  /**
   * Inbox rows (events applied): an event older than the events stream's max_age (30 days) can no
   * longer be delivered, so its row guards nothing. A day more covers a re-published outbox row.
   */
  RETENTION_HANDLED_INBOX_DAYS: days(EVENTS_MAX_AGE_DAYS + 1, EVENTS_MAX_AGE_DAYS + 1),
});

/** The mail outbox's periods, for services that send mail (users, messaging). */
export const mailRetentionEnvSchema = z.object({
  /** Sent mails (their bodies hold reset and verification links, addresses, names). */
  RETENTION_SENT_MAIL_DAYS: days(30),
  /** Mails given up on, listed for administrators meanwhile. */
  RETENTION_FAILED_MAIL_DAYS: days(30),
});

export type RetentionEnv = z.infer<typeof retentionEnvSchema>;
export type InboxRetentionEnv = z.infer<typeof inboxRetentionEnvSchema>;
export type MailRetentionEnv = z.infer<typeof mailRetentionEnvSchema>;
