import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMembersTableV1 } from '@hdiya/platform';

/**
 * Messages between members, who blocked whom, notifications, and the read models they show:
 * members' display names (users events) and donation titles (donations events).
 */
export class MessagesAndNotifications1763900000000 implements MigrationInterface {
  name = 'MessagesAndNotifications1763900000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMembersTableV1('messaging')) await q.query(sql);
    await q.query(`CREATE TABLE "messaging"."donations" (
      "donation_id" integer PRIMARY KEY,
      "owner_id" uuid NOT NULL,
      "title" text NOT NULL,
      "deleted" boolean NOT NULL DEFAULT false
    )`);
    await q.query(`CREATE TABLE "messaging"."messages" (
      "id" uuid PRIMARY KEY,
      "sender_id" uuid NOT NULL,
      "receiver_id" uuid NOT NULL,
      "donation_id" integer,
      "content" text NOT NULL CHECK (length("content") BETWEEN 1 AND 2000),
      "client_id" uuid,
      "read_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CHECK ("sender_id" <> "receiver_id")
    )`);
    // A conversation is the pair of members (in either direction) and the donation.
    await q.query(`CREATE INDEX "messages_conversation_idx" ON "messaging"."messages"
      (LEAST("sender_id", "receiver_id"), GREATEST("sender_id", "receiver_id"), COALESCE("donation_id", 0), "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "messages_sender_idx" ON "messaging"."messages" ("sender_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "messages_receiver_idx" ON "messaging"."messages" ("receiver_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "messages_unread_idx" ON "messaging"."messages" ("receiver_id") WHERE "read_at" IS NULL`);
    await q.query(`CREATE UNIQUE INDEX "messages_client_id_idx" ON "messaging"."messages" ("sender_id", "client_id") WHERE "client_id" IS NOT NULL`);
    await q.query(`CREATE TABLE "messaging"."blocks" (
      "blocker_id" uuid NOT NULL,
      "blocked_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("blocker_id", "blocked_id")
    )`);
    await q.query(`CREATE TABLE "messaging"."notifications" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "kind" text NOT NULL,
      "params" jsonb NOT NULL,
      "read_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "notifications_user_idx" ON "messaging"."notifications" ("user_id", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "notifications_unread_idx" ON "messaging"."notifications" ("user_id") WHERE "read_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['notifications', 'blocks', 'messages', 'donations', 'members']) await q.query(`DROP TABLE "messaging"."${table}"`);
  }
}
