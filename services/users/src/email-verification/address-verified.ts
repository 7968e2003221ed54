import type { EntityManager } from 'typeorm';
import { Events, type EmailVerifiedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import type { User } from '../core/user.entity.js';

/**
 * The member showed the address is theirs (a verification link, or a reset link mailed to it), in
 * the caller's transaction: `emailVerifiedAt` is set and, the first time, `EmailVerified` leaves
 * with it, for the services whose rules need a verified address (asking, issue 45). The event
 * carries the fact only, never the address. The caller saves the user.
 */
export async function recordAddressVerified(manager: EntityManager, user: User, at: Date = new Date()): Promise<void> {
  const first = user.emailVerifiedAt === null;
  user.emailVerifiedAt = at;
  if (!first) return;
  const payload: EmailVerifiedV1 = { userId: user.id, verifiedAt: at.toISOString() };
  await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.EmailVerified, payload)]);
}
