import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  applicationName?: string;
  timeouts?: DatabaseTimeouts;
}

/**
 * Bounds on every database connection, so no work goes on after its caller gave up: a statement
 * (lock waits included) is cancelled after `statementMs`, a transaction left idle is ended after
 * `idleInTransactionMs`, and waiting for a pooled connection fails after `acquireMs`. Their sum
 * stays below the gateway's RPC timeout (5 s by default), so an answer of 503 never hides a
 * statement that commits later. 0 turns one off (migrations run without a statement limit).
 */
export interface DatabaseTimeouts {
  statementMs: number;
  idleInTransactionMs: number;
  acquireMs: number;
}

/** The pg connection settings for those bounds (also used by the outbox relay's own pool). */
export function pgTimeoutSettings(timeouts: DatabaseTimeouts) {
  return {
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    connectionTimeoutMillis: timeouts.acquireMs,
  };
}

/**
 * TypeORM options shared by every service: one schema, migrations tracked inside it,
 * never `synchronize` (schemas change only through committed migrations).
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: {
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? options.schema,
      ...(options.timeouts ? pgTimeoutSettings(options.timeouts) : {}),
    },
  };
}
