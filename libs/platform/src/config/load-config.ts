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
  /** Unset means production: a deployment that forgets it must not run as a developer's machine. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: logLevelSchema,
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** This process's NATS user and password (deploy/nats/nats-server.conf); unset: anonymous. */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /** Where Prometheus scrapes this process (`GET /metrics`); unset: no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Copies JetStream keeps of each event: 1 on one server, 3 on the production cluster (docs/event-durability.md). */
  EVENTS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * Days the DEAD_LETTERS stream keeps a dead letter (its max_age), set when a service creates the
   * stream; on an existing stream an operator changes it (`nats stream edit`, docs/operations.md).
   */
  DEAD_LETTERS_MAX_AGE_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(3650).default(30),
});

/** Adds the service's own database connection, defaulting to the local role of that service. */
export function databaseEnvSchema(service: string) {
  return z.object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .default(`postgres://hdiya_${service}:hdiya_${service}@127.0.0.1:5432/hdiya`),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** See DatabaseTimeouts: together below the gateway's RPC_TIMEOUT_MS (5 s). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(2000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(2000),
    DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).default(1000),
  });
}

type DatabaseEnv = z.infer<ReturnType<typeof databaseEnvSchema>>;

/** The database timeouts a service's configuration names. */
export function databaseTimeoutsOf(config: Omit<DatabaseEnv, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>) {
  return {
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    acquireMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
  };
}

/** Migrations may run long statements (backfills, indexes): no statement or idle limit for them. */
export const MIGRATION_TIMEOUTS = { DATABASE_STATEMENT_TIMEOUT_MS: 0, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 0 } as const;

export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/** What a service's data source needs from its configuration. */
export type DatabaseConfigOf<TConfig extends DatabaseEnv> = Pick<TConfig, keyof DatabaseEnv>;
