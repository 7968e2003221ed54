import { databaseEnvSchema, loadConfig, serviceEnvSchema } from '@hdiya/platform';
import { z } from 'zod';

export const messagingConfigSchema = serviceEnvSchema.extend(databaseEnvSchema('messaging').shape).extend({
  /** How long a lookup of a member or donation not yet in the read models waits for its owner service. */
  LOOKUP_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /** Who owes a reply: an unanswered streak this old sends the member one reminder (tests shorten it). */
  REPLY_REMINDER_AFTER_MS: z.coerce.number().int().min(1000).default(24 * 60 * 60 * 1000),
  /** How often the reply-reminder job looks for streaks that became due. */
  REPLY_REMINDER_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
});

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export const loadMessagingConfig = (env: Record<string, string | undefined> = process.env): MessagingConfig =>
  loadConfig(messagingConfigSchema, env);

export const SCHEMA = 'messaging';

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');
export const LOOKUP_RPC = Symbol('LOOKUP_RPC');
