import { databaseEnvSchema, loadConfig, mailEnvSchema, serviceEnvSchema } from '@hdiya/platform';
import type { z } from 'zod';

export const usersConfigSchema = serviceEnvSchema.extend(databaseEnvSchema('users').shape).extend(mailEnvSchema.shape);

export type UsersConfig = z.infer<typeof usersConfigSchema>;

export const loadUsersConfig = (env: Record<string, string | undefined> = process.env): UsersConfig =>
  loadConfig(usersConfigSchema, env);

export const SCHEMA = 'users';
