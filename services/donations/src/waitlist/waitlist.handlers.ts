import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { WaitlistService } from './waitlist.service.js';

@Controller()
export class WaitlistHandlers {
  constructor(private readonly waitlist: WaitlistService) {}

  @RpcHandler(Rpc.donations.waitlist)
  view(input: RpcRequest<'donations.waitlist.get'>) {
    return this.waitlist.view(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.joinWaitlist)
  join(input: RpcRequest<'donations.waitlist.join'>) {
    return this.waitlist.join(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.leaveWaitlist)
  leave(input: RpcRequest<'donations.waitlist.leave'>) {
    return this.waitlist.leave(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.skipWaitlistOffer)
  skipOffer(input: RpcRequest<'donations.waitlist.skip-offer'>) {
    return this.waitlist.skipOffer(input.actor, input.donationId);
  }
}
