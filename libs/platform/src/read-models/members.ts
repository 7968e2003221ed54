import type { EntityManager } from 'typeorm';
import { allEventsOf, type UserRegisteredV1, type UserUpdatedV1 } from '@hdiya/contracts';
import { EventConsumer, type EventConsumerOptions, type EventHandlers } from '../inbox/event-consumer.js';

// A service's copy of members' display data (docs/architecture.md#read-models), fed by the users service's
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

/** Upserts the member from `UserRegistered`/`UserUpdated`; an older event never overwrites a newer one. */
async function upsertMember(
  manager: EntityManager,
  schema: string,
  member: UserRegisteredV1 | UserUpdatedV1,
  occurredAt: string,
): Promise<void> {
  const profileImageUrl = 'profileImageUrl' in member ? member.profileImageUrl : null;
  await manager.query(
    `INSERT INTO "${schema}"."members" ("user_id", "username", "first_name", "last_name", "profile_image_url", "updated_at")
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT ("user_id") DO UPDATE SET "username" = EXCLUDED."username", "first_name" = EXCLUDED."first_name",
       "last_name" = EXCLUDED."last_name", "profile_image_url" = EXCLUDED."profile_image_url", "updated_at" = EXCLUDED."updated_at"
     WHERE "members"."updated_at" <= EXCLUDED."updated_at"`,
    [member.userId, member.username, member.firstName, member.lastName, profileImageUrl, occurredAt],
  );
}

/** The handlers keeping `<schema>.members` in step with the users service. */
export function memberEventHandlers(schema: string): EventHandlers {
  return {
    'users.UserRegistered.v1': (event, manager) => upsertMember(manager, schema, event.payload, event.occurredAt),
    'users.UserUpdated.v1': (event, manager) => upsertMember(manager, schema, event.payload, event.occurredAt),
  };
}

/** A durable consumer that does nothing but keep `<schema>.members` in step with the users service. */
export function memberEventConsumer(options: Omit<EventConsumerOptions, 'subject' | 'handlers'>): EventConsumer {
  return new EventConsumer({ ...options, subject: allEventsOf('users'), handlers: memberEventHandlers(options.schema) });
}
