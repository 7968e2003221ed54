import { Controller, Get, Param } from '@nestjs/common';
import { Rpc, type MemberProfileView } from '@hdiya/contracts';
import { ServiceClient } from '../rpc/service-client.js';
import { MemberId } from '../input/member-id.pipe.js';

@Controller('api/users')
export class UsersController {
  constructor(private readonly services: ServiceClient) {}

  /**
   * A member's public profile: no e-mail, no phone, last name as an initial; with their usual
   * reply time from the messaging service, their record and the level it earns from the donations
   * service, and their newest rating comments once their ratings show.
   */
  @Get(':id')
  async publicProfile(@Param('id', MemberId()) id: string): Promise<MemberProfileView> {
    const [profile, replyTime, record, recentComments] = await Promise.all([
      this.services.call(Rpc.users.getPublic, { userId: id }),
      this.services.call(Rpc.messaging.replyTime, { userId: id }),
      this.services.call(Rpc.donations.trustRecord, { userId: id }),
      this.services.call(Rpc.donations.ratingComments, { userId: id }),
    ]);
    // The users service's own sign-up date: the donations service's copy may predate keeping it.
    return { ...profile, replyTime, ...record, memberSince: profile.createdAt, recentComments };
  }
}
