import { databaseEnvSchema, loadConfig, serviceEnvSchema } from '@hdiya/platform';
import type { z } from 'zod';

export const messagingConfigSchema = serviceEnvSchema.extend(databaseEnvSchema('messaging').shape);

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export const loadMessagingConfig = (env: Record<string, string | undefined> = process.env): MessagingConfig =>
  loadConfig(messagingConfigSchema, env);

export const SCHEMA = 'messaging';
