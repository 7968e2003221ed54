import type { EntityManager } from 'typeorm';
import type { EmailVerifiedV1, MemberReinstatedV1, MemberSuspendedV1 } from '@hdiya/contracts';
import { sharedSql } from '../database/shared-tables.js';
import { firstRow, rows, sql, write } from '../database/typed-sql.js';

// Part of the members read model (docs/architecture.md#read-models): what a member may do, as the
// users service's events say it (issue 45): whether their address is verified, and whether a
// moderator suspended them. A table of its own beside `members`, written by upserts, so an event
// that arrives before the member's `UserRegistered` is kept all the same.

export function createMemberStandingTableV1(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."member_standing" (
      "user_id" uuid PRIMARY KEY,
      "email_verified_at" timestamptz,
      "suspension_id" text,
      "suspended_at" timestamptz,
      "suspended_until" timestamptz,
      "reinstated_suspension_id" text
    )`,
  ];
}

/** A member as a rule sees them: unknown members are neither verified nor suspended. */
export interface MemberStanding {
  emailVerified: boolean;
  suspended: boolean;
}

/** The member's standing now: a suspension counts until its reinstatement, or its date if the event is late. */
export async function memberStandingOf(manager: EntityManager, schema: string, userId: string, now: Date = new Date()): Promise<MemberStanding> {
  const row = await firstRow(
    manager,
    sharedSql(schema).selectFrom('member_standing').select(['email_verified_at', 'suspension_id', 'suspended_until']).where('user_id', '=', userId),
  );
  return {
    emailVerified: row?.email_verified_at != null,
    suspended: row?.suspension_id != null && (row.suspended_until === null || row.suspended_until > now),
  };
}

/** Which of `userIds` are suspended now (a conversation's two members, say). */
export async function suspendedAmong(manager: EntityManager, schema: string, userIds: string[], now: Date = new Date()): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const found = await rows(
    manager,
    sharedSql(schema)
      .selectFrom('member_standing')
      .select('user_id')
      .where('user_id', 'in', userIds)
      .where('suspension_id', 'is not', null)
      .where((eb) => eb.or([eb('suspended_until', 'is', null), eb('suspended_until', '>', now)])),
  );
  return new Set(found.map((r) => r.user_id));
}

/** `EmailVerified`: the first verification is kept (the fact only matters once). */
export async function recordEmailVerified(manager: EntityManager, schema: string, { userId, verifiedAt }: EmailVerifiedV1): Promise<void> {
  await write(
    manager,
    sharedSql(schema)
      .insertInto('member_standing')
      .values({ user_id: userId, email_verified_at: verifiedAt })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ email_verified_at: sql<Date>`COALESCE(member_standing.email_verified_at, excluded.email_verified_at)` })),
  );
}

/**
 * `MemberSuspended`: true when the member is suspended by this event. A suspension already ended
 * (its reinstatement arrived first, after a redelivery) or older than the one held changes nothing.
 */
export async function recordSuspension(manager: EntityManager, schema: string, { memberId, suspensionId, until, suspendedAt }: MemberSuspendedV1): Promise<boolean> {
  const changed = await rows(
    manager,
    sharedSql(schema)
      .insertInto('member_standing')
      .values({ user_id: memberId, suspension_id: suspensionId, suspended_at: suspendedAt, suspended_until: until })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet((eb) => ({
            suspension_id: eb.ref('excluded.suspension_id'),
            suspended_at: eb.ref('excluded.suspended_at'),
            suspended_until: eb.ref('excluded.suspended_until'),
          }))
          .where((eb) =>
            eb.and([
              eb.or([eb('member_standing.reinstated_suspension_id', 'is', null), eb('member_standing.reinstated_suspension_id', '<>', eb.ref('excluded.suspension_id'))]),
              eb.or([eb('member_standing.suspended_at', 'is', null), eb('member_standing.suspended_at', '<=', eb.ref('excluded.suspended_at'))]),
            ]),
          ),
      )
      .returning('user_id'),
  );
  return changed.length > 0;
}

/**
 * `MemberReinstated`: true when it ends the suspension the member is under. Remembered either way,
 * so that suspension's own event, should it come later, no longer suspends.
 */
export async function recordReinstatement(manager: EntityManager, schema: string, { memberId, suspensionId }: MemberReinstatedV1): Promise<boolean> {
  const db = sharedSql(schema);
  const ended = await rows(
    manager,
    db
      .updateTable('member_standing')
      .set({ suspension_id: null, suspended_until: null, reinstated_suspension_id: suspensionId })
      .where('user_id', '=', memberId)
      .where('suspension_id', '=', suspensionId)
      .returning('user_id'),
  );
  if (ended.length > 0) return true;
  await write(
    manager,
    db
      .insertInto('member_standing')
      .values({ user_id: memberId, reinstated_suspension_id: suspensionId })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ reinstated_suspension_id: suspensionId })),
  );
  return false;
}

/** `MemberDeleted` (decision 0074): nothing of the member's standing is kept. */
export async function forgetStanding(manager: EntityManager, schema: string, memberId: string): Promise<void> {
  await write(manager, sharedSql(schema).deleteFrom('member_standing').where('user_id', '=', memberId));
}
