import { databaseEnvSchema, loadConfig, mailEnvSchema, mailRetentionEnvSchema, retentionEnvSchema, serviceEnvSchema } from '@hdiya/platform';
import { z } from 'zod';

/** OWASP's least for argon2id (19 MiB, 2 passes): a production deployment may not go below. */
export const PASSWORD_HASH_FLOOR = { memoryKib: 19_456, timeCost: 2 } as const;

const passwordHashEnvSchema = z.object({
  // argon2id's cost (the library's defaults: 64 MiB, 3 passes). The end-to-end stack lowers it:
  // hundreds of sign-ups at 200 ms of CPU each were a tenth of the suite's CPU.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).default(65_536),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).default(3),
});

const supportEnvSchema = z.object({
  /**
   * Where a new contact message is mailed for the support team (issue 45); unset (or empty, as
   * compose passes it): none is, moderators read them at /admin.
   */
  SUPPORT_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.email('must be an e-mail address such as support@hdiya.ma').optional()),
});

/** How long what the users service holds stays once it is no longer needed (docs/privacy.md). */
const usersRetentionEnvSchema = z.object({
  /** Reset requests and verification links, counted from their use or their expiry. */
  RETENTION_ENDED_TOKEN_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(3650).default(7),
  /** Answered contact messages (and their replies), counted from the last reply. */
  RETENTION_ANSWERED_CONTACT_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(3650).default(180),
});

export const usersConfigSchema = serviceEnvSchema
  .extend(databaseEnvSchema('users').shape)
  .extend(mailEnvSchema.shape)
  .extend(passwordHashEnvSchema.shape)
  .extend(supportEnvSchema.shape)
  .extend(retentionEnvSchema.shape)
  .extend(mailRetentionEnvSchema.shape)
  .extend(usersRetentionEnvSchema.shape)
  .refine(
    (config) =>
      config.NODE_ENV !== 'production' ||
      (config.PASSWORD_HASH_MEMORY_KIB >= PASSWORD_HASH_FLOOR.memoryKib && config.PASSWORD_HASH_TIME_COST >= PASSWORD_HASH_FLOOR.timeCost),
    { message: `in production argon2id needs at least ${PASSWORD_HASH_FLOOR.memoryKib} KiB and ${PASSWORD_HASH_FLOOR.timeCost} passes`, path: ['PASSWORD_HASH_MEMORY_KIB'] },
  );

export type UsersConfig = z.infer<typeof usersConfigSchema>;

export const loadUsersConfig = (env: Record<string, string | undefined> = process.env): UsersConfig =>
  loadConfig(usersConfigSchema, env);

export const SCHEMA = 'users';
