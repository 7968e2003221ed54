import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createInboxTableV1, createOutboxTableV1, dropMessagingTablesV1 } from '@hdiya/platform';

export class InitialPointsSchema1763750000000 implements MigrationInterface {
  name = 'InitialPointsSchema1763750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "points"."balances" (
      "user_id" uuid PRIMARY KEY,
      "points" integer NOT NULL CHECK ("points" >= 0),
      "blocked_points" integer NOT NULL DEFAULT 0 CHECK ("blocked_points" >= 0),
      "reliability_score" integer NOT NULL DEFAULT 100 CHECK ("reliability_score" BETWEEN 0 AND 100),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "points"."ledger_entries" (
      "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "points"."balances" ("user_id"),
      "type" text NOT NULL CHECK ("type" IN ('earned', 'spent', 'received', 'transferred', 'other')),
      "amount" integer NOT NULL CHECK ("amount" <> 0),
      "reason" text NOT NULL,
      "description" text NOT NULL,
      "related_user_id" uuid,
      "donation_id" integer,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "ledger_entries_user_idx" ON "points"."ledger_entries" ("user_id", "created_at" DESC, "id" DESC)`);
    // One welcome credit per member, whatever happens upstream.
    await q.query(`CREATE UNIQUE INDEX "ledger_entries_welcome_key" ON "points"."ledger_entries" ("user_id") WHERE "reason" = 'welcome'`);
    await q.query(`CREATE FUNCTION "points"."refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'points.ledger_entries is append-only'; END $$`);
    await q.query(`CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "points"."ledger_entries"
      FOR EACH ROW EXECUTE FUNCTION "points"."refuse_ledger_change"()`);
    for (const sql of createInboxTableV1('points')) await q.query(sql);
    for (const sql of createOutboxTableV1('points')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTablesV1('points')) await q.query(sql);
    await q.query(`DROP TABLE "points"."ledger_entries"`);
    await q.query(`DROP FUNCTION "points"."refuse_ledger_change"()`);
    await q.query(`DROP TABLE "points"."balances"`);
  }
}
