import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 45 (decision 0057): members report members, moderators suspend them. A report may attach
 * the conversation between the two (`conversation_id`: a donation's id, or `none` for the one
 * about no donation). The account carries its current suspension (`suspension_id`); at most one
 * suspension of a member is running at a time, whatever races (the partial unique index).
 */
export class MemberReportsAndSuspensions1797500000000 implements MigrationInterface {
  name = 'MemberReportsAndSuspensions1797500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "users"."member_reports" (
        "id" uuid PRIMARY KEY,
        "reporter_id" uuid NOT NULL REFERENCES "users"."users"("id") ON DELETE CASCADE,
        "member_id" uuid NOT NULL REFERENCES "users"."users"("id") ON DELETE CASCADE,
        "reason" text NOT NULL CHECK ("reason" IN ('harassment', 'scam', 'no_show', 'inappropriate', 'other')),
        "comment" text CHECK (char_length("comment") <= 1000),
        "conversation_id" text CHECK ("conversation_id" ~ '^(none|[1-9][0-9]{0,9})$'),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'dismissed', 'actioned')),
        "resolved_by" uuid,
        "resolved_at" timestamptz,
        CHECK ("reporter_id" <> "member_id"),
        CHECK (("status" = 'open') = ("resolved_at" IS NULL))
      )`);
    // The once-a-day rule reads the reporter's latest report of the member; the list, open ones first.
    await q.query(`CREATE INDEX "member_reports_pair_idx" ON "users"."member_reports" ("reporter_id", "member_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "member_reports_member_idx" ON "users"."member_reports" ("member_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "member_reports_open_idx" ON "users"."member_reports" ("created_at" DESC) WHERE "status" = 'open'`);

    await q.query(`
      CREATE TABLE "users"."member_suspensions" (
        "id" uuid PRIMARY KEY,
        "member_id" uuid NOT NULL REFERENCES "users"."users"("id") ON DELETE CASCADE,
        "reason" text NOT NULL CHECK (char_length("reason") BETWEEN 1 AND 500),
        "until" timestamptz,
        "suspended_by" uuid NOT NULL,
        "suspended_at" timestamptz NOT NULL DEFAULT now(),
        "ended_at" timestamptz,
        "ended_by" uuid,
        CHECK ("until" IS NULL OR "until" > "suspended_at")
      )`);
    await q.query(`CREATE UNIQUE INDEX "member_suspensions_running_idx" ON "users"."member_suspensions" ("member_id") WHERE "ended_at" IS NULL`);
    // The expiry job's scan: running suspensions with an end date.
    await q.query(`CREATE INDEX "member_suspensions_due_idx" ON "users"."member_suspensions" ("until") WHERE "ended_at" IS NULL AND "until" IS NOT NULL`);
    await q.query(`CREATE INDEX "member_suspensions_member_idx" ON "users"."member_suspensions" ("member_id", "suspended_at" DESC)`);

    await q.query(`ALTER TABLE "users"."users" ADD COLUMN "suspension_id" uuid REFERENCES "users"."member_suspensions"("id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users"."users" DROP COLUMN "suspension_id"`);
    await q.query(`DROP TABLE "users"."member_suspensions"`);
    await q.query(`DROP TABLE "users"."member_reports"`);
  }
}
