import { createHash } from 'node:crypto';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

// Flyway-style guard (decision 0034): each migration's checksum is stored beside TypeORM's own
// record when it runs; a later run or a service start refuses a database whose migrations differ
// from the code's, and a new migration may not sort before one that already ran.

/** The table, in each service's schema, holding the checksum of every migration that ran there. */
export const MIGRATION_CHECKSUMS_TABLE = 'migration_checksums';

export class MigrationDriftError extends Error {
  override name = 'MigrationDriftError';
}

/** TypeORM's own naming: the class's `name` property, else its constructor's name. */
export function migrationNameOf(migration: MigrationInterface): string {
  return migration.name ?? migration.constructor.name;
}

/** TypeORM reads a migration's timestamp from the last 13 digits of its name. */
function timestampOf(name: string): number {
  return Number(/(\d{13})$/.exec(name)?.[1] ?? Number.NaN);
}

/**
 * SHA-256 of the SQL a migration's `up` issues, recorded without a database. It covers DDL the
 * migration imports (from libs/platform) as well as its own text. `hasTable` answers false, the
 * path a fresh database takes, so the recording is the same on every run. Whitespace runs count as
 * one space, so re-indenting a statement is not a change.
 */
export async function migrationChecksum(migration: MigrationInterface): Promise<string> {
  const statements: string[] = [];
  const recorder: Partial<QueryRunner> = {
    query: (async (sql: string, parameters?: unknown[]) => {
      statements.push(sql.replace(/\s+/g, ' ').trim() + (parameters?.length ? ` -- ${JSON.stringify(parameters)}` : ''));
      return [];
    }) as QueryRunner['query'],
    hasTable: async (table) => {
      statements.push(`-- hasTable ${typeof table === 'string' ? table : table.name}`);
      return false;
    },
  };
  const runner = new Proxy(recorder, {
    get(target, property) {
      if (property in target) return target[property as keyof typeof target];
      if (typeof property === 'symbol' || property === 'then') return undefined;
      throw new Error(`${migrationNameOf(migration)}: QueryRunner.${property} cannot be checksummed; write the SQL with query()`);
    },
  });
  await migration.up(runner as QueryRunner);
  return createHash('sha256').update(statements.join(';\n')).digest('hex');
}

interface AppliedMigration {
  name: string;
  timestamp: number;
}

function quoted(schema: string, table: string): string {
  return `"${schema}"."${table}"`;
}

async function tableExists(dataSource: DataSource, schema: string, table: string): Promise<boolean> {
  const [row] = (await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS "exists"`, [quoted(schema, table)])) as { exists: boolean }[];
  return row?.exists === true;
}

async function appliedMigrations(dataSource: DataSource, schema: string): Promise<AppliedMigration[]> {
  if (!(await tableExists(dataSource, schema, 'migrations'))) return [];
  const rows = (await dataSource.query(`SELECT "name", "timestamp" FROM ${quoted(schema, 'migrations')} ORDER BY "timestamp"`)) as {
    name: string;
    timestamp: string | number;
  }[];
  return rows.map((row) => ({ name: row.name, timestamp: Number(row.timestamp) }));
}

async function recordedChecksums(dataSource: DataSource, schema: string): Promise<Map<string, string>> {
  if (!(await tableExists(dataSource, schema, MIGRATION_CHECKSUMS_TABLE))) return new Map();
  const rows = (await dataSource.query(`SELECT "name", "checksum" FROM ${quoted(schema, MIGRATION_CHECKSUMS_TABLE)}`)) as {
    name: string;
    checksum: string;
  }[];
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

function schemaOf(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!schema) throw new Error('migration checksums: the data source names no schema');
  return schema;
}

export interface MigrationState {
  /** Migrations of the code that ran already, with their checksum recorded or not. */
  applied: string[];
  /** Migrations of the code that have not run yet, in order. */
  pending: string[];
  /** Applied migrations that ran before checksums were kept: their checksum is not known yet. */
  unrecorded: string[];
}

/**
 * Compares the database with the code: throws MigrationDriftError when an applied migration's SQL
 * differs from what ran, or a pending one sorts before the last that ran (it would run out of
 * order on this database and in order on a fresh one, and the two would differ).
 */
export async function checkMigrations(dataSource: DataSource): Promise<MigrationState> {
  const schema = schemaOf(dataSource);
  const applied = await appliedMigrations(dataSource, schema);
  const recorded = await recordedChecksums(dataSource, schema);
  const appliedNames = new Set(applied.map((migration) => migration.name));
  const lastApplied = applied.at(-1);
  const problems: string[] = [];
  const state: MigrationState = { applied: [], pending: [], unrecorded: [] };
  for (const migration of dataSource.migrations) {
    const name = migrationNameOf(migration);
    if (!appliedNames.has(name)) {
      state.pending.push(name);
      if (lastApplied && timestampOf(name) < lastApplied.timestamp) {
        problems.push(`${name} has not run but sorts before ${lastApplied.name}, which has: give it a later timestamp`);
      }
      continue;
    }
    state.applied.push(name);
    const stored = recorded.get(name);
    if (stored === undefined) {
      state.unrecorded.push(name);
      continue;
    }
    const current = await migrationChecksum(migration);
    if (current !== stored) problems.push(`${name} changed since it ran here (checksum ${stored.slice(0, 12)} then, ${current.slice(0, 12)} now)`);
  }
  if (problems.length > 0) {
    throw new MigrationDriftError(`schema ${schema}: the migrations in the code differ from those this database ran:\n  ${problems.join('\n  ')}`);
  }
  return state;
}

/** How long a migration's statement waits for a table lock before failing (and the Job retrying). */
export const MIGRATION_LOCK_TIMEOUT_MS = 5_000;
/** How long a run waits for another run of the same service's migrations to finish. */
export const MIGRATION_RUN_WAIT_MS = 10 * 60_000;

export interface MigrationRunOptions {
  /**
   * Each statement's `lock_timeout`: DDL that waits behind a long transaction would otherwise
   * queue every query of the table behind itself, and the service would stop answering.
   */
  lockTimeoutMs?: number;
  /** How long to wait for another runner of this schema (two Jobs of one release, a retry). */
  runWaitMs?: number;
}

/**
 * Runs the pending migrations, each in its own transaction together with the row that records its
 * checksum, after checking the database (see checkMigrations). Migrations that ran before
 * checksums were kept get theirs recorded from today's code (trust on first use).
 *
 * One run at a time per schema: a session advisory lock on a connection of its own is held from
 * the check to the last migration, so a second runner waits and then finds nothing pending. A
 * migration with `transaction = false` runs outside a transaction (for `CREATE INDEX
 * CONCURRENTLY`, docs/decisions/0066-migrations-on-a-live-database.md): its statements must be
 * safe to run again, since a crash after them and before its record leaves it pending.
 */
export async function runCheckedMigrations(dataSource: DataSource, options: MigrationRunOptions = {}): Promise<string[]> {
  const schema = schemaOf(dataSource);
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query(`SET lock_timeout = ${Math.trunc(options.runWaitMs ?? MIGRATION_RUN_WAIT_MS)}`);
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`hdiya-migrations:${schema}`]);
    try {
      return await runLockedMigrations(dataSource, schema, options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`hdiya-migrations:${schema}`]);
    }
  } finally {
    await lock.release();
  }
}

async function runLockedMigrations(dataSource: DataSource, schema: string, lockTimeoutMs: number): Promise<string[]> {
  const table = quoted(schema, MIGRATION_CHECKSUMS_TABLE);
  await dataSource.query(
    `CREATE TABLE IF NOT EXISTS ${table} ("name" text PRIMARY KEY, "checksum" text NOT NULL, "recorded_at" timestamptz NOT NULL DEFAULT now())`,
  );
  const state = await checkMigrations(dataSource);
  const record = `INSERT INTO ${table} ("name", "checksum") VALUES ($1, $2) ON CONFLICT ("name") DO UPDATE SET "checksum" = EXCLUDED."checksum", "recorded_at" = now()`;
  const originals = new Map<MigrationInterface, MigrationInterface['up']>();
  try {
    for (const migration of dataSource.migrations) {
      const name = migrationNameOf(migration);
      const checksum = await migrationChecksum(migration);
      if (state.unrecorded.includes(name)) await dataSource.query(record, [name, checksum]);
      if (!state.pending.includes(name)) continue;
      const up = migration.up;
      originals.set(migration, up);
      migration.up = async (queryRunner: QueryRunner) => {
        // Inside the migration's transaction it ends with it; outside one (transaction = false) it
        // is reset once the migration is done, before the connection goes back to the pool.
        const inTransaction = queryRunner.isTransactionActive;
        await queryRunner.query(`SET ${inTransaction ? 'LOCAL ' : ''}lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
        try {
          await up.call(migration, queryRunner);
          await queryRunner.query(record, [name, checksum]);
        } finally {
          if (!inTransaction) await queryRunner.query('RESET lock_timeout');
        }
      };
    }
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((migration) => migration.name);
  } finally {
    // The recording wrapper is for this run only: a later check hashes the migration's own SQL.
    for (const [migration, up] of originals) migration.up = up;
  }
}
