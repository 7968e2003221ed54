import type { EntityManager } from 'typeorm';
import { ErrorCodes, Messages, type Actor } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { User } from '../core/user.entity.js';

/**
 * Refuses anyone but a moderator: the session's role as the gateway passed it, and the role this
 * service's own records give the account (a demoted moderator's session still says admin).
 */
export async function assertModerator(manager: EntityManager, actor: Actor): Promise<void> {
  if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
  const account = await manager.findOne(User, { select: { id: true, role: true }, where: { id: actor.id } });
  if (account?.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
}
