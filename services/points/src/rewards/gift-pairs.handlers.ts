import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { GiftPairsService } from './gift-pairs.service.js';

@Controller()
export class GiftPairsHandlers {
  constructor(private readonly pairs: GiftPairsService) {}

  @RpcHandler(Rpc.points.giftPairs)
  list(input: RpcRequest<'points.gift-pairs'>) {
    return this.pairs.list(input.actor);
  }
}
