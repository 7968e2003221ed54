import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { RequestWindowService } from './request-window.service.js';

@Controller()
export class RequestWindowHandlers {
  constructor(private readonly requests: RequestWindowService) {}

  @RpcHandler(Rpc.donations.requests)
  view(input: RpcRequest<'donations.requests.get'>) {
    return this.requests.view(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.ask)
  ask(input: RpcRequest<'donations.requests.ask'>) {
    return this.requests.ask(input.actor, input.donationId, input.request.message);
  }

  @RpcHandler(Rpc.donations.withdrawRequest)
  withdraw(input: RpcRequest<'donations.requests.withdraw'>) {
    return this.requests.withdraw(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.chooseRequest)
  choose(input: RpcRequest<'donations.requests.choose'>) {
    return this.requests.choose(input.actor, input.donationId, input.requestId);
  }
}
