// SQL for the outbox and inbox tables, shared by every service's first migration.
// Version 1: if these tables ever change, add a new function and a new migration; never edit this.

export function createOutboxTableV1(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."outbox" (
      "position" bigserial PRIMARY KEY,
      "id" uuid NOT NULL UNIQUE,
      "subject" text NOT NULL,
      "envelope" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
      "claimed_until" timestamptz,
      "published_at" timestamptz,
      "last_error" text
    )`,
    `CREATE INDEX "outbox_unpublished_idx" ON "${schema}"."outbox" ("position") WHERE "published_at" IS NULL`,
  ];
}

export function createInboxTableV1(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."inbox" (
      "consumer" text NOT NULL,
      "event_id" uuid NOT NULL,
      "processed_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("consumer", "event_id")
    )`,
  ];
}

export function dropMessagingTablesV1(schema: string): string[] {
  return [`DROP TABLE IF EXISTS "${schema}"."inbox"`, `DROP TABLE IF EXISTS "${schema}"."outbox"`];
}
