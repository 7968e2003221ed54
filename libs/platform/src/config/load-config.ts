import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Parses the environment once at start-up and reports every bad variable together,
 * so an operator fixes them in one go rather than one crash at a time.
 */
export function loadConfig<TSchema extends z.ZodType>(
  schema: TSchema,
  env: Record<string, string | undefined> = process.env,
): z.infer<TSchema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new ConfigError(problems);
}

export const logLevelSchema = z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log');

/** Variables every back-end service reads. */
export const serviceEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: logLevelSchema,
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
});

/** Adds the service's own database connection, defaulting to the local role of that service. */
export function databaseEnvSchema(service: string) {
  return z.object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .default(`postgres://hdiya_${service}:hdiya_${service}@127.0.0.1:5432/hdiya`),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  });
}

export type ServiceEnv = z.infer<typeof serviceEnvSchema>;
