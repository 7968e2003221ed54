import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { HoldsService } from './holds.service.js';

/** The reservation saga's steps in the points service, called by the donations service only. */
@Controller()
export class HoldsHandlers {
  constructor(private readonly holds: HoldsService) {}

  @RpcHandler(Rpc.points.hold)
  hold(input: RpcRequest<'points.hold'>) {
    return this.holds.hold(input.reserverId, input, input.ownerId);
  }

  @RpcHandler(Rpc.points.release)
  release(input: RpcRequest<'points.release'>) {
    return this.holds.release(input);
  }
}
