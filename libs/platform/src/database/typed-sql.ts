import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type DeleteResult,
  type InsertResult,
  type UpdateResult,
} from 'kysely';
import type pg from 'pg';
import type { EntityManager, QueryRunner } from 'typeorm';

/** Kysely's SQL fragment tag, for what its builder does not spell (now(), casts, advisory locks). */
export { sql } from 'kysely';

// The one typed query layer beside TypeORM (decision 0035): Kysely builds and type-checks each
// statement against the schema generated from the migrated database, TypeORM's connection (and
// the transaction the caller holds) runs it. Kysely never opens a connection of its own. The
// platform's table-backed senders (outbox relay, mail sender) run theirs on their own small pool
// (decision 0035, Consequences): same statements, same row types.

/** Where a statement runs: the caller's EntityManager (and its transaction), or a sender's own pool. */
export type SqlTarget = EntityManager | pg.Pool;

/** A Kysely that only compiles, bound to a service's schema: `sqlFor<Schema>('points')`. */
export function sqlFor<Tables>(schema: string): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }).withSchema(schema) as Kysely<Tables>;
}

/** Stands for the n-th argument of a prepared statement while it is compiled. */
class Argument {
  constructor(readonly index: number) {}
}

/**
 * A statement of a fixed shape on a hot path, compiled once: `build` runs once with stand-ins for
 * its arguments, and each call only puts the arguments in their places. Only for straight-line
 * statements: `build` must not branch on an argument (nor pass one where Kysely expands it, as
 * `in` does a list). Compiling costs tens to hundreds of microseconds per statement otherwise.
 */
export function prepared<Args extends unknown[], Query extends Compilable<unknown>>(build: (...args: Args) => Query): (...args: Args) => Compilable<RowOf<Query>> {
  let compiled: CompiledQuery<unknown> | undefined;
  return (...args) => ({
    compile: () => {
      compiled ??= build(...(Array.from({ length: build.length }, (_, index) => new Argument(index)) as Args)).compile();
      const parameters = compiled.parameters.map((value) => (value instanceof Argument ? args[value.index] : value));
      return { ...compiled, parameters } as CompiledQuery<RowOf<Query>>;
    },
  });
}

/** What a statement answers: its rows (a SELECT, or a write with RETURNING). */
export type RowOf<Query> = Query extends Compilable<infer Row> ? (Row extends InsertResult | UpdateResult | DeleteResult ? never : Row) : never;

async function execute(target: SqlTarget, query: Compilable<unknown>): Promise<{ records: unknown[]; affected?: number }> {
  const { sql, parameters } = query.compile();
  if (!('connection' in target)) {
    const result = await target.query(sql, parameters as unknown[]);
    return { records: result.rows, affected: result.rowCount ?? undefined };
  }
  const manager = target;
  // Structured results: TypeORM otherwise answers an UPDATE with [rows, count] and a SELECT with rows.
  const own: QueryRunner | undefined = manager.queryRunner ? undefined : manager.connection.createQueryRunner();
  const runner = manager.queryRunner ?? own!;
  try {
    const result = await runner.query(sql, parameters as unknown[], true);
    return { records: result.records ?? [], affected: result.affected ?? undefined };
  } finally {
    await own?.release();
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
