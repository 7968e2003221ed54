import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes, Messages, Rpc } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import type { SessionUser } from './session-user.js';
import { NOT_SIGNED_IN } from './signed-in.guard.js';


/**
 * Moderation routes: the role is read again from the users service rather than trusted from the
 * session, so a member demoted a minute ago cannot moderate with an old session.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly services: ServiceClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const user = request.user as SessionUser | undefined;
    if (!user) throw new ApiException(401, ErrorCodes.UNAUTHENTICATED, NOT_SIGNED_IN);
    const account = await this.services.call(Rpc.users.get, { userId: user.id });
    if (account.role !== 'admin') throw new ApiException(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    user.role = account.role;
    return true;
  }
}
