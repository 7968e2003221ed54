import { databaseEnvSchema, inboxRetentionEnvSchema, loadConfig, mailEnvSchema, mailRetentionEnvSchema, retentionEnvSchema, serviceEnvSchema } from '@hdiya/platform';
import { z } from 'zod';
import { BROWSER_PUSH_SERVICES } from './push/push-endpoint.js';

const DEV_MAIL_LINK_SECRET = 'dev-only-mail-link-secret-change-me-0123456789';

/** How long what the messaging service holds stays once it is no longer needed (docs/privacy.md). */
const messagingRetentionEnvSchema = z.object({
  /** Notifications the member has read, counted from their reading. */
  RETENTION_READ_NOTIFICATION_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(3650).default(30),
  /** Pushes given up on (a sent one is deleted at once). */
  RETENTION_FAILED_PUSH_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(3650).default(7),
});

export const messagingConfigSchema = serviceEnvSchema
  .extend(databaseEnvSchema('messaging').shape)
  .extend(mailEnvSchema.shape)
  .extend(retentionEnvSchema.shape)
  .extend(inboxRetentionEnvSchema.shape)
  .extend(mailRetentionEnvSchema.shape)
  .extend(messagingRetentionEnvSchema.shape)
  .extend({
  /** How long a lookup of a member or donation not yet in the read models waits for its owner service. */
  LOOKUP_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  // Web Push (decision 0025). Without the key pair no push is sent (deliveries stay queued).
  /** The VAPID key pair (base64url: the 65-byte public point, the 32-byte private scalar), e.g. `npx web-push generate-vapid-keys`. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional(),
  /** Who push services contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL').default('mailto:contact@hdiya.ma'),
  /** Delivery attempts before a push is given up (404/410 end it at once, removing the device). */
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** The first retry's delay; each next one doubles it (capped at 10 minutes). */
  PUSH_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  PUSH_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** How long a push service may take to answer one push. */
  PUSH_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The push services production may POST to, comma-separated, each with its subdomains (push-endpoint.ts). */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(BROWSER_PUSH_SERVICES.join(','))
    .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean)),
  /** How long a push service keeps a push for an offline device (the TTL header). */
  PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(24 * 60 * 60),
  // Reaching members who are away (decision 0027)
  /** The first notification mail leaves this long after the first unseen event (1–3 min; tests shorten it). */
  MAIL_DIGEST_FIRST_DELAY_MS: z.coerce.number().int().min(0).default(2 * 60 * 1000),
  /** Then at most one notification mail per member per this interval. */
  MAIL_DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).default(15 * 60 * 1000),
  /** A push leaves this long after its event if no open page saw it; no mail carries an event younger than this. */
  NOTIFICATION_PUSH_DELAY_MS: z.coerce.number().int().min(0).default(10 * 1000),
  /** How often the dispatcher looks for members whose mail or push is due. */
  DISPATCH_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Signs the unsubscribe links of notification mails (HMAC-SHA256); set your own in production. */
  MAIL_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_MAIL_LINK_SECRET),
  /** Who owes a reply: an unanswered streak this old sends the member one reminder (tests shorten it). */
  REPLY_REMINDER_AFTER_MS: z.coerce.number().int().min(1000).default(24 * 60 * 60 * 1000),
  /** How often the reply-reminder job looks for streaks that became due. */
  REPLY_REMINDER_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
});

/** The service refuses to run in production with the published default: anyone could sign unsubscribe links. */
export function assertMailLinkSecret(config: Pick<MessagingConfig, 'NODE_ENV' | 'MAIL_LINK_SECRET'>): void {
  if (config.NODE_ENV === 'production' && config.MAIL_LINK_SECRET === DEV_MAIL_LINK_SECRET) {
    throw new Error('MAIL_LINK_SECRET must be set in production, to a secret of your own (openssl rand -hex 32)');
  }
}

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export const loadMessagingConfig = (env: Record<string, string | undefined> = process.env): MessagingConfig =>
  loadConfig(messagingConfigSchema, env);

export const SCHEMA = 'messaging';

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');
export const LOOKUP_RPC = Symbol('LOOKUP_RPC');
