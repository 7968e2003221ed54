import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Compilable,
  type CompiledQuery,
  type DeleteResult,
  type InsertResult,
  type QueryId,
  type RawBuilder,
  type RootOperationNode,
  type UpdateResult,
} from 'kysely';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { QueryFailedError, type EntityManager, type QueryRunner } from 'typeorm';

/** Kysely's SQL fragment tag, for what its builder does not spell (now(), casts, advisory locks). */
export { sql } from 'kysely';
/** Conditions built apart from a statement (shared by several), typed against the tables they name. */
export { expressionBuilder } from 'kysely';

// The one typed query layer beside TypeORM (decision 0035): Kysely builds and type-checks each
// statement against the schema generated from the migrated database, TypeORM's connection (and
// the transaction the caller holds) runs it. Kysely never opens a connection of its own. The
// platform's table-backed senders (outbox relay, mail sender) run theirs on their own small pool
// (decision 0035, Consequences): same statements, same row types.

/** Where a statement runs: the caller's EntityManager (and its transaction), or a sender's own pool. */
export type SqlTarget = EntityManager | pg.Pool;

declare const postgis: unique symbol;
/**
 * PostGIS columns in the generated table types (deploy/checks/database-types.mjs maps every
 * geography and geometry column to these): pg reads them back as hex EWKB text, and a statement
 * writes one only through PostGIS functions in `sql` (`sql<Geography>\`ST_…\``), never a plain string.
 */
export type Geography = string & { readonly [postgis]: 'geography' };
export type Geometry = string & { readonly [postgis]: 'geometry' };

/** A value a statement refers to in several places (see `sharedParameter`). */
class SharedValue {
  constructor(readonly value: unknown) {}
}

/**
 * One parameter however many times a statement names it: `$1` in each place, as SQL written by
 * hand would. The planner then knows the places hold one value: an index's `ORDER BY location <->
 * point` is the very distance the statement selects (with a parameter per place, a generic plan
 * of a prepared statement sorts what the index already ordered).
 */
export function sharedParameter<T>(value: T): RawBuilder<T> {
  return sql<T>`${new SharedValue(value)}`;
}

/** Postgres' compiler, compiling each shared value once. */
class SharingQueryCompiler extends PostgresQueryCompiler {
  #placeholders = new Map<SharedValue, string>();

  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    this.#placeholders.clear();
    return super.compileQuery(node, queryId);
  }

  protected override appendValue(parameter: unknown): void {
    if (!(parameter instanceof SharedValue)) return super.appendValue(parameter);
    const known = this.#placeholders.get(parameter);
    if (known) return this.append(known);
    super.appendValue(parameter.value);
    this.#placeholders.set(parameter, this.getCurrentParameterPlaceholder());
  }
}

/** A Kysely that only compiles, bound to a service's schema: `sqlFor<Schema>('points')`. */
export function sqlFor<Tables>(schema: string): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new SharingQueryCompiler(),
    },
  }).withSchema(schema) as Kysely<Tables>;
}

/** Where a statement compiled once takes one of its values per run (see `compiledOnce`). */
class Slot {
  constructor(readonly key: string | number) {}
}

/**
 * A statement built and compiled once, its values put in place per run: building and compiling
 * with Kysely costs tens to hundreds of microseconds a statement (the search about 0.3 ms), which a
 * hot path cannot pay per request. `build` runs once with a stand-in per value (each one parameter
 * however often the statement names it, see `sharedParameter`); what it writes otherwise is the
 * statement's own. Only for statements of one shape: `build` must not branch on a value (nor pass
 * one where Kysely expands it, as `in` does a list).
 */
function compiledOnce<Query extends Compilable<unknown>>(
  build: (slot: (key: string | number) => RawBuilder<never>) => Query,
): (valueOf: (key: string | number) => unknown) => Compilable<RowOf<Query>> {
  const slots = new Map<string | number, RawBuilder<never>>();
  const slot = (key: string | number) => {
    if (!slots.has(key)) slots.set(key, sharedParameter(new Slot(key)) as RawBuilder<never>);
    return slots.get(key)!;
  };
  let compiled: (CompiledQuery<unknown> & NamedStatement) | undefined;
  return (valueOf) => ({
    compile: () => {
      if (!compiled) {
        const once = build(slot).compile();
        compiled = { ...once, statementName: statementNameOf(once.sql) };
      }
      const parameters = compiled.parameters.map((value) => (value instanceof Slot ? valueOf(value.key) : value));
      return { ...compiled, parameters } as CompiledQuery<RowOf<Query>>;
    },
  });
}

/** A statement of one text for the life of the process: run as a named prepared statement (`execute`). */
interface NamedStatement {
  statementName?: string;
}

/** The name a statement is prepared under on each connection: a hash of its text. */
const statementNameOf = (sql: string) => `q_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;

/** A hot statement compiled once, its values by position: `prepared((id: string) => db.selectFrom(...).where('id', '=', id))`. */
export function prepared<Args extends unknown[], Query extends Compilable<unknown>>(build: (...args: Args) => Query): (...args: Args) => Compilable<RowOf<Query>> {
  const statement = compiledOnce((slot) => build(...(Array.from({ length: build.length }, (_, index) => slot(index)) as unknown as Args)));
  return (...args) => statement((key) => args[key as number]);
}

/** A hot statement compiled once, its values by name (`value('lat')`): for a large one built by shape (the search). */
export function statementTemplate<Values extends Record<string, unknown>, Query extends Compilable<unknown>>(
  build: (value: <Name extends keyof Values & string>(name: Name) => RawBuilder<Values[Name]>) => Query,
): (values: Values) => Compilable<RowOf<Query>> {
  const statement = compiledOnce((slot) => build((name) => slot(name)));
  return (values) => statement((key) => values[key as string]);
}

/** What a statement answers: its rows (a SELECT, or a write with RETURNING). */
export type RowOf<Query> = Query extends Compilable<infer Row> ? (Row extends InsertResult | UpdateResult | DeleteResult ? never : Row) : never;

/** Runs `work` on the caller's transaction, else on a connection of TypeORM's pool taken for it. */
async function onRunner<T>(manager: EntityManager, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
  const own: QueryRunner | undefined = manager.queryRunner ? undefined : manager.connection.createQueryRunner();
  try {
    return await work(manager.queryRunner ?? own!);
  } finally {
    await own?.release();
  }
}

async function execute(target: SqlTarget, query: Compilable<unknown>): Promise<{ records: unknown[]; affected?: number }> {
  const { sql, parameters, statementName } = query.compile() as CompiledQuery<unknown> & NamedStatement;
  if (!('connection' in target)) {
    const result = await target.query(statementName ? { name: statementName, text: sql, values: parameters as unknown[] } : { text: sql, values: parameters as unknown[] });
    return { records: result.rows, affected: result.rowCount ?? undefined };
  }
  if (statementName) return onRunner(target, (runner) => runNamed(runner, statementName, sql, parameters));
  return onRunner(target, async (runner) => {
    // Structured results: TypeORM otherwise answers an UPDATE with [rows, count] and a SELECT with rows.
    const result = await runner.query(sql, parameters as unknown[], true);
    return { records: result.records ?? [], affected: result.affected ?? undefined };
  });
}

/**
 * A statement compiled once (`prepared`, `statementTemplate`), on the pg client TypeORM's runner
 * holds, as a named prepared statement: each connection parses and plans it once, and the hot
 * path skips TypeORM's query wrapper (issue 25). Errors are TypeORM's, as callers expect
 * (`QueryFailedError` with its `driverError`).
 */
async function runNamed(runner: QueryRunner, name: string, sql: string, parameters: readonly unknown[]): Promise<{ records: unknown[]; affected?: number }> {
  const client = (await runner.connect()) as pg.PoolClient;
  try {
    const result = await client.query({ name, text: sql, values: parameters as unknown[] });
    return { records: result.rows, affected: result.rowCount ?? undefined };
  } catch (error) {
    throw new QueryFailedError(sql, parameters as unknown[], error as Error);
  }
}

/** Runs a statement on the caller's connection or transaction and answers its typed rows. */
export async function rows<Query extends Compilable<unknown>>(target: SqlTarget, query: Query): Promise<RowOf<Query>[]> {
  return (await execute(target, query)).records as RowOf<Query>[];
}

/** The first row, or undefined. */
export async function firstRow<Query extends Compilable<unknown>>(target: SqlTarget, query: Query): Promise<RowOf<Query> | undefined> {
  return (await rows(target, query))[0];
}

/** Runs a write and answers how many rows it changed. */
export async function write(target: SqlTarget, query: Compilable<unknown>): Promise<number> {
  const { records, affected } = await execute(target, query);
  return affected ?? records.length;
}

/**
 * A hot read run as a named prepared statement, named by a hash of its text: each pooled
 * connection plans each shape of the statement once (planning costs about a third of a search
 * page otherwise). TypeORM's query API cannot name a statement, so this one goes to the pg client
 * TypeORM's query runner holds (the caller's transaction, or a connection taken for it).
 */
export async function preparedRows<Query extends Compilable<unknown>>(manager: EntityManager, query: Query): Promise<RowOf<Query>[]> {
  const { sql, parameters } = query.compile();
  const name = statementNameOf(sql);
  return onRunner(manager, async (runner) => {
    const client = (await runner.connect()) as pg.PoolClient;
    return (await client.query({ name, text: sql, values: parameters as unknown[] })).rows as RowOf<Query>[];
  });
}
