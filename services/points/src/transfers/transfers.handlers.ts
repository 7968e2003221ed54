import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { TransfersService } from './transfers.service.js';

@Controller()
export class TransfersHandlers {
  constructor(private readonly transfers: TransfersService) {}

  @RpcHandler(Rpc.points.transfer)
  transfer(input: RpcRequest<'points.transfer'>) {
    return this.transfers.transfer({ ...input, message: input.message ?? null, idempotencyKey: input.idempotencyKey ?? null });
  }
}
