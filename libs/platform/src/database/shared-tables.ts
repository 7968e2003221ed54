import type { Kysely } from 'kysely';
import type { DB as SharedTables } from './shared-tables.generated.js';
import { sqlFor } from './typed-sql.js';

export type { SharedTables };
/**
 * The shared tables' rows (which the services' statements on them name), and kysely-codegen's column
 * types, which the services' schema.generated.ts import from here.
 */
export type { Generated, Inbox, Int8, Json, MailOutbox, Members, Outbox, Timestamp } from './shared-tables.generated.js';

const bySchema = new Map<string, Kysely<SharedTables>>();

/**
 * Typed statements on the tables every service keeps in its own schema (outbox, inbox, members,
 * mail outbox; their DDL is the platform's): the schema is the caller's. One builder per schema.
 */
export function sharedSql(schema: string): Kysely<SharedTables> {
  let db = bySchema.get(schema);
  if (!db) {
    db = sqlFor<SharedTables>(schema);
    bySchema.set(schema, db);
  }
  return db;
}
