import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { AskOffersService } from './ask-offers.service.js';
import { AsksService } from './asks.service.js';

@Controller()
export class AsksHandlers {
  constructor(
    private readonly asks: AsksService,
    private readonly offers: AskOffersService,
  ) {}

  @RpcHandler(Rpc.donations.asks)
  list(input: RpcRequest<'donations.asks.list'>) {
    return this.asks.list(input.actor, input.query);
  }

  @RpcHandler(Rpc.donations.myAsks)
  mine(input: RpcRequest<'donations.asks.mine'>) {
    return this.asks.mine(input.actor);
  }

  @RpcHandler(Rpc.donations.getAsk)
  get(input: RpcRequest<'donations.asks.get'>) {
    return this.asks.get(input.actor, input.askId);
  }

  @RpcHandler(Rpc.donations.postAsk)
  create(input: RpcRequest<'donations.asks.create'>) {
    return this.asks.create(input.actor, input.ask);
  }

  @RpcHandler(Rpc.donations.renewAsk)
  renew(input: RpcRequest<'donations.asks.renew'>) {
    return this.asks.renew(input.actor, input.askId);
  }

  @RpcHandler(Rpc.donations.closeAsk)
  close(input: RpcRequest<'donations.asks.close'>) {
    return this.asks.close(input.actor, input.askId);
  }

  @RpcHandler(Rpc.donations.answerAsk)
  answer(input: RpcRequest<'donations.asks.answer'>) {
    return this.asks.answer(input.actor, input.askId, input.answer.donationId);
  }

  @RpcHandler(Rpc.donations.askMatches)
  matches(input: RpcRequest<'donations.ask-matches.list'>) {
    return this.offers.matches(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.offerToAsk)
  offer(input: RpcRequest<'donations.ask-matches.offer'>) {
    return this.offers.offer(input.actor, input.donationId, input.matchId);
  }
}
