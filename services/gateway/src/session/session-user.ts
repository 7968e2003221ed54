import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Role } from '@hdiya/contracts';

/** All the session keeps about the member: the server trusts this identity and no other. */
export interface SessionUser {
  id: string;
  role: Role;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser | undefined => {
  return context.switchToHttp().getRequest<Request>().user as SessionUser | undefined;
});
