import { Controller, Get, Param } from '@nestjs/common';
import { Rpc, type PublicProfileView } from '@hdiya/contracts';
import { ServiceClient } from '../rpc/service-client.js';
import { MemberId } from './member-id.pipe.js';

@Controller('api/users')
export class UsersController {
  constructor(private readonly services: ServiceClient) {}

  /** A member's public profile: no e-mail, no phone, last name as an initial. */
  @Get(':id')
  publicProfile(@Param('id', MemberId()) id: string): Promise<PublicProfileView> {
    return this.services.call(Rpc.users.getPublic, { userId: id });
  }
}
