import { Inject, Injectable, Logger, type Type } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DELETED_MEMBER_NAME, type MemberDeletedV1, type UserRegisteredV1, type UserUpdatedV1 } from '@hdiya/contracts';
import { sharedSql } from '../database/shared-tables.js';
import { write } from '../database/typed-sql.js';
import { ManagedEventConsumer, type EventHandlers } from '../inbox/event-consumer.js';
import { PerEventConsumers } from '../inbox/per-event-consumers.js';
import { EVENT_BUS } from '../nats/event-bus.module.js';
import type { EventBus } from '../nats/events-stream.js';

// A service's copy of members' display data (docs/architecture.md#read-models), fed by the users service's
// events. Each version of the table is a function; a change means a new function and a new migration.

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

/**
 * Version 2: when the member signed up (`UserRegistered`'s time), which levels and the request
 * window weigh (decision 0056). NULL for members copied before it: they joined before this column.
 */
export function addMemberJoinedAtV2(schema: string): string[] {
  return [`ALTER TABLE "${schema}"."members" ADD COLUMN "joined_at" timestamptz`];
}

/** Upserts the member from `UserRegistered`/`UserUpdated`; an older event never overwrites a newer one. */
async function upsertMember(
  manager: EntityManager,
  schema: string,
  member: UserRegisteredV1 | UserUpdatedV1,
  occurredAt: string,
  registered: boolean,
): Promise<void> {
  const profileImageUrl = 'profileImageUrl' in member ? member.profileImageUrl : null;
  const db = sharedSql(schema);
  await write(
    manager,
    db
      .insertInto('members')
      .values({
        user_id: member.userId,
        username: member.username,
        first_name: member.firstName,
        last_name: member.lastName,
        profile_image_url: profileImageUrl,
        updated_at: occurredAt,
        joined_at: registered ? occurredAt : null,
      })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet((eb) => ({
            username: eb.ref('excluded.username'),
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            profile_image_url: eb.ref('excluded.profile_image_url'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('members.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
      ),
  );
  // Apart from the upsert: a newer UserUpdated applied first skips it, and the sign-up time stays.
  if (registered) await write(manager, db.updateTable('members').set({ joined_at: occurredAt }).where('user_id', '=', member.userId).where('joined_at', 'is', null));
}

/** The handlers keeping `<schema>.members` in step with the users service. */
export function memberEventHandlers(schema: string): EventHandlers {
  return {
    'users.UserRegistered.v1': (event, manager) => upsertMember(manager, schema, event.payload, event.occurredAt, true),
    'users.UserUpdated.v1': (event, manager) => upsertMember(manager, schema, event.payload, event.occurredAt, false),
  };
}

/**
 * A service's provider of the durable consumers that do nothing but keep `<schema>.members` in step
 * with the users service: `export class MembersConsumer extends membersConsumer({ ... }) {}`.
 * `handlers`: the service's own handlers of other `users.*` events (a service that also keeps
 * `member_standing`, say). One durable per event version handled (PerEventConsumers), sharing the
 * inbox name `inbox`.
 */
export function membersConsumer({ schema, inbox, logger, handlers = {} }: { schema: string; inbox: string; logger: string; handlers?: EventHandlers }): Type<
  ManagedEventConsumer & { readonly consumer: PerEventConsumers }
> {
  @Injectable()
  class MembersConsumer extends ManagedEventConsumer {
    readonly consumer: PerEventConsumers;

    constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
      super();
      this.consumer = new PerEventConsumers({
        bus,
        dataSource,
        schema,
        inbox,
        logger: new Logger(logger),
        handlers: { ...memberEventHandlers(schema), ...handlers },
      });
    }
  }
  return MembersConsumer;
}

/**
 * `MemberDeleted` (decision 0074): the member's display data goes; their tombstone takes a row
 * of its own, named "Membre supprimé", so whatever other members keep under it (a message, a
 * gift, a rating) shows that name through the usual reads.
 */
export async function recordMemberDeleted(manager: EntityManager, schema: string, { memberId, tombstoneId, deletedAt }: MemberDeletedV1): Promise<void> {
  const db = sharedSql(schema);
  await write(manager, db.deleteFrom('members').where('user_id', '=', memberId));
  await write(
    manager,
    db
      .insertInto('members')
      .values({ user_id: tombstoneId, username: DELETED_MEMBER_NAME, first_name: null, last_name: null, profile_image_url: null, updated_at: deletedAt, joined_at: null })
      .onConflict((conflict) => conflict.column('user_id').doNothing()),
  );
}

/** Puts `tombstoneId` in place of `memberId` in each listed column (table, column) of the schema. */
export async function replaceMemberId(manager: EntityManager, schema: string, columns: readonly (readonly [string, string])[], { memberId, tombstoneId }: MemberDeletedV1): Promise<void> {
  for (const [table, column] of columns) {
    await manager.query(`UPDATE "${schema}"."${table}" SET "${column}" = $2 WHERE "${column}" = $1`, [memberId, tombstoneId]);
  }
}
