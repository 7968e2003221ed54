import type { EntityManager } from 'typeorm';
import { ErrorCodes, Messages, type Actor } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { User } from '../core/user.entity.js';

/**
 * Moderation is for moderators: the role the caller claims, and the one the users service keeps
 * (it owns the roles), so a member demoted a moment ago cannot moderate with an old session.
 */
export async function assertModerator(manager: EntityManager, actor: Actor): Promise<void> {
  if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
  const account = await manager.findOne(User, { select: { id: true, role: true }, where: { id: actor.id } });
  if (account?.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
}
