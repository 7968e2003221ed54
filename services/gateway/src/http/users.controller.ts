import { Controller, Get, Param } from '@nestjs/common';
import { ErrorCodes, Messages, Rpc, UserIdPayloadSchema, type PublicProfileView } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';

@Controller('api/users')
export class UsersController {
  constructor(private readonly services: ServiceClient) {}

  /** A member's public profile: no e-mail, no phone, last name as an initial. */
  @Get(':id')
  publicProfile(@Param('id') id: string): Promise<PublicProfileView> {
    // Member ids are UUIDs: anything else names nobody.
    if (!UserIdPayloadSchema.safeParse({ userId: id }).success) throw new ApiException(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
    return this.services.call(Rpc.users.getPublic, { userId: id });
  }
}
