import type { Kysely } from 'kysely';
import type { EntityManager } from 'typeorm';
import type { ModerationLogEntry, ModerationLogFilters } from '@hdiya/contracts';
import { firstRow, rows, sql, sqlFor, type SqlTarget } from '../database/typed-sql.js';
import type { DB as ModerationLogTables } from './moderation-log.generated.js';

// The moderation log's two statements (decision 0058): an entry written in the moderator action's
// own transaction, and a page of entries for the gateway to merge with the other services' pages.

/** One moderator action, as the service that carried it out records it. */
export interface ModeratorAction {
  /** The moderator: the session member the gateway passed as the RPC's `actor`. */
  actorId: string;
  /** `<target>.<verb>`: `donation.force_delete`, `contact.reply`, `member.suspend` (MODERATION_ACTIONS). */
  action: string;
  /** What it was done to: `donation`, `rating`, `contact_message`, `member`. */
  targetType: string;
  targetId: string | number;
  /** Why, in the moderator's words, when they gave one. */
  reason?: string | null;
  /** What the action changed (reports closed, the title of a removed donation), for the reader. */
  details?: Record<string, unknown>;
}

const bySchema = new Map<string, Kysely<ModerationLogTables>>();
function logSql(schema: string) {
  let db = bySchema.get(schema);
  if (!db) bySchema.set(schema, (db = sqlFor<ModerationLogTables>(schema)));
  return db;
}

/** `at` as ISO 8601 with Postgres' six digits (JavaScript dates keep three: a cursor would skip entries). */
const AT = sql<string>`to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Writes the entry in the caller's transaction, which must be the action's own: the entry exists
 * exactly when the action is committed (a refused or rolled-back action leaves none). Returns its id.
 */
export async function recordModeratorAction(manager: EntityManager, schema: string, entry: ModeratorAction): Promise<string> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error('recordModeratorAction must run inside the action’s transaction');
  }
  const row = await firstRow(
    manager,
    logSql(schema)
      .insertInto('moderation_log')
      .values({
        actor_id: entry.actorId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: String(entry.targetId),
        reason: entry.reason ?? null,
        details: JSON.stringify(entry.details ?? {}),
      })
      .returning('id'),
  );
  return row!.id;
}

/** A page of the schema's log, newest first, narrowed by the filters given (each exact), `limit` at most. */
export async function listModeratorActions(target: SqlTarget, schema: string, filters: ModerationLogFilters): Promise<ModerationLogEntry[]> {
  let query = logSql(schema)
    .selectFrom('moderation_log')
    .select(['id', 'actor_id', 'action', 'target_type', 'target_id', 'reason', 'details'])
    .select(AT.as('at_text'));
  if (filters.actorId) query = query.where('actor_id', '=', filters.actorId);
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.targetType) query = query.where('target_type', '=', filters.targetType);
  if (filters.targetId) query = query.where('target_id', '=', filters.targetId);
  if (filters.before) query = query.where(sql<boolean>`("at", "id") < (${filters.before.at}::timestamptz, ${filters.before.id}::uuid)`);
  const found = await rows(target, query.orderBy('at', 'desc').orderBy('id', 'desc').limit(filters.limit));
  return found.map((row) => ({
    id: row.id,
    at: row.at_text,
    actorId: row.actor_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    details: (row.details ?? {}) as Record<string, unknown>,
  }));
}
