// SQL for a service's mail outbox, called by that service's own migration.
// Version 1: if this table ever changes, add a new function and a new migration; never edit this.

export function createMailOutboxTableV1(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."mail_outbox" (
      "id" uuid PRIMARY KEY,
      "kind" text NOT NULL,
      "recipient" text NOT NULL,
      "subject" text NOT NULL,
      "text_body" text NOT NULL,
      "html_body" text NOT NULL,
      "headers" jsonb NOT NULL DEFAULT '{}',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
      "claimed_until" timestamptz,
      "sent_at" timestamptz,
      "failed_at" timestamptz,
      "last_error" text
    )`,
    `CREATE INDEX "mail_outbox_pending_idx" ON "${schema}"."mail_outbox" ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL`,
    `CREATE INDEX "mail_outbox_failed_idx" ON "${schema}"."mail_outbox" ("failed_at") WHERE "failed_at" IS NOT NULL`,
  ];
}

/**
 * Version 2: the member a mail is for, when the service knows it (a digest, decision 0074), so a
 * deleted member's mails still waiting can be dropped without their address ever leaving the
 * users service. NULL for mails to an address rather than a member (a contact answer).
 */
export function addMailOutboxMemberIdV2(schema: string): string[] {
  return [
    `ALTER TABLE "${schema}"."mail_outbox" ADD COLUMN "member_id" uuid`,
    `CREATE INDEX "mail_outbox_member_idx" ON "${schema}"."mail_outbox" ("member_id") WHERE "member_id" IS NOT NULL`,
  ];
}

export function dropMailOutboxMemberIdV2(schema: string): string[] {
  return [`ALTER TABLE "${schema}"."mail_outbox" DROP COLUMN "member_id"`];
}

export function dropMailOutboxTableV1(schema: string): string[] {
  return [`DROP TABLE IF EXISTS "${schema}"."mail_outbox"`];
}
