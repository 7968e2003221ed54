import type { EntityManager } from 'typeorm';
import { EventTypes, type EventEnvelope, type UserRegisteredV1, type UserUpdatedV1 } from '@hdiya/contracts';

// A service's copy of members' display data (design §2 read models), fed by the users service's
// events. Version 1 of the table; a change means a new function and a new migration.

export function createMembersTableV1(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."members" (
      "user_id" uuid PRIMARY KEY,
      "username" text NOT NULL,
      "first_name" text,
      "last_name" text,
      "profile_image_url" text,
      "updated_at" timestamptz NOT NULL
    )`,
  ];
}

export type MemberEvent = UserRegisteredV1 | UserUpdatedV1;

/** Upserts the member from `UserRegistered`/`UserUpdated`; an older event never overwrites a newer one. */
export async function applyMemberEvent(manager: EntityManager, schema: string, event: EventEnvelope<MemberEvent>): Promise<void> {
  if (event.type !== EventTypes.users.UserRegistered && event.type !== EventTypes.users.UserUpdated) return;
  const p = event.payload;
  const profileImageUrl = 'profileImageUrl' in p ? p.profileImageUrl : null;
  await manager.query(
    `INSERT INTO "${schema}"."members" ("user_id", "username", "first_name", "last_name", "profile_image_url", "updated_at")
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT ("user_id") DO UPDATE SET "username" = EXCLUDED."username", "first_name" = EXCLUDED."first_name",
       "last_name" = EXCLUDED."last_name", "profile_image_url" = EXCLUDED."profile_image_url", "updated_at" = EXCLUDED."updated_at"
     WHERE "members"."updated_at" <= EXCLUDED."updated_at"`,
    [p.userId, p.username, p.firstName, p.lastName, profileImageUrl, event.occurredAt],
  );
}
