import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { BlocksService } from './blocks.service.js';

@Controller()
export class BlocksHandlers {
  constructor(private readonly blocks: BlocksService) {}

  @RpcHandler(Rpc.messaging.block)
  block({ userId, otherId }: RpcRequest<'messaging.block'>) {
    return this.blocks.block(userId, otherId);
  }

  @RpcHandler(Rpc.messaging.unblock)
  unblock({ userId, otherId }: RpcRequest<'messaging.unblock'>) {
    return this.blocks.unblock(userId, otherId);
  }

  @RpcHandler(Rpc.messaging.blocked)
  blocked({ userId }: RpcRequest<'messaging.blocked'>) {
    return this.blocks.blockedBy(userId);
  }
}
