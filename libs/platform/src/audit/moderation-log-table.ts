// SQL for a service's moderation log (decision 0058), called by that service's own migration.
// Version 1: if this table ever changes, add a new function and a new migration; never edit this.

/**
 * `<schema>.moderation_log`, append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE, so
 * nothing the product runs (nor a mistaken statement of ours) edits or removes an entry. Only a
 * migration, which may drop the trigger, could; that is a reviewed change, not a product action.
 */
export function createModerationLogTableV1(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."moderation_log" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "at" timestamptz NOT NULL DEFAULT now(),
      "actor_id" uuid NOT NULL,
      "action" text NOT NULL,
      "target_type" text NOT NULL,
      "target_id" text NOT NULL,
      "reason" text,
      "details" jsonb NOT NULL DEFAULT '{}'
    )`,
    // Newest first, page after page (the cursor is the last entry's (at, id)).
    `CREATE INDEX "moderation_log_newest_idx" ON "${schema}"."moderation_log" ("at" DESC, "id" DESC)`,
    // What one thing went through ("what happened to donation 42?").
    `CREATE INDEX "moderation_log_target_idx" ON "${schema}"."moderation_log" ("target_type", "target_id", "at" DESC)`,
    `CREATE FUNCTION "${schema}"."moderation_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the moderation log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
    $$`,
    `CREATE TRIGGER "moderation_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "${schema}"."moderation_log"
      FOR EACH STATEMENT EXECUTE FUNCTION "${schema}"."moderation_log_append_only"()`,
  ];
}

export function dropModerationLogTableV1(schema: string): string[] {
  return [`DROP TABLE IF EXISTS "${schema}"."moderation_log"`, `DROP FUNCTION IF EXISTS "${schema}"."moderation_log_append_only"()`];
}
