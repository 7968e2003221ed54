import type { EntityManager } from 'typeorm';
import { ErrorCodes, MemberStandingMessages } from '@hdiya/contracts';
import { memberStandingOf, rpcError, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';

// What a member may do here whatever the item (issue 45, docs/product.md#suspended-members): a
// suspended member reserves, asks, joins a line and publishes nothing (normally they cannot even
// sign in: this is the service's own line), and asking needs a verified address.

/**
 * The member's standing, read under a lock the suspension's effects take exclusively: a step that
 * starts while they run waits for them and sees the suspension, and effects that start after see
 * what the step wrote. Taken first in the step's transaction, before any donation's row lock, in
 * the order the effects take them.
 */
async function standingUnderLock(manager: EntityManager, memberId: string, now: Date) {
  await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock_shared(hashtextextended(${`standing:${memberId}`}, 0))`.as('locked')));
  return memberStandingOf(manager, SCHEMA, memberId, now);
}

/** Reserving, joining a line, publishing a donation or an ask: refused (403) while suspended. */
export async function refuseSuspended(manager: EntityManager, memberId: string, now: Date): Promise<void> {
  const standing = await standingUnderLock(manager, memberId, now);
  if (standing.suspended) throw rpcError(403, ErrorCodes.MEMBER_SUSPENDED, MemberStandingMessages.suspended);
}

/** Asking in a request window: refused (403) while suspended, and until the member's address is verified. */
export async function refuseToAsk(manager: EntityManager, memberId: string, now: Date): Promise<void> {
  const standing = await standingUnderLock(manager, memberId, now);
  if (standing.suspended) throw rpcError(403, ErrorCodes.MEMBER_SUSPENDED, MemberStandingMessages.suspended);
  if (!standing.emailVerified) throw rpcError(403, ErrorCodes.EMAIL_NOT_VERIFIED, MemberStandingMessages.emailNotVerified);
}

/** The suspension's effects (and the reinstatement's) on one member run one at a time, and alone against that member's steps. */
export async function lockStandingForChange(manager: EntityManager, memberId: string): Promise<void> {
  await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtextextended(${`standing:${memberId}`}, 0))`.as('locked')));
}
