import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createOutboxTableV1, dropMessagingTablesV1 } from '@hdiya/platform';

export class InitialUsersSchema1763750000000 implements MigrationInterface {
  name = 'InitialUsersSchema1763750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "users"."users" (
      "id" uuid PRIMARY KEY,
      "username" text NOT NULL,
      "email" text NOT NULL CHECK ("email" = lower("email")),
      "phone" text NOT NULL CHECK ("phone" ~ '^\\+212[5-7][0-9]{8}$'),
      "password_hash" text NOT NULL,
      "first_name" text,
      "last_name" text,
      "profile_image_url" text,
      "city" text,
      "role" text NOT NULL DEFAULT 'member' CHECK ("role" IN ('member', 'admin')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX "users_username_key" ON "users"."users" (lower("username"))`);
    await q.query(`CREATE UNIQUE INDEX "users_email_key" ON "users"."users" ("email")`);
    await q.query(`CREATE UNIQUE INDEX "users_phone_key" ON "users"."users" ("phone")`);
    await q.query(`CREATE TABLE "users"."contact_messages" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid REFERENCES "users"."users" ("id") ON DELETE SET NULL,
      "name" text NOT NULL,
      "email" text NOT NULL,
      "subject" text NOT NULL,
      "message" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "users"."password_reset_requests" (
      "id" uuid PRIMARY KEY,
      "email" text NOT NULL,
      "user_id" uuid REFERENCES "users"."users" ("id") ON DELETE CASCADE,
      "token_hash" text,
      "expires_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "password_reset_requests_email_idx" ON "users"."password_reset_requests" ("email", "created_at")`);
    for (const sql of createOutboxTableV1('users')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTablesV1('users')) await q.query(sql);
    await q.query(`DROP TABLE "users"."password_reset_requests"`);
    await q.query(`DROP TABLE "users"."contact_messages"`);
    await q.query(`DROP TABLE "users"."users"`);
  }
}
