import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { LedgerService } from './ledger.service.js';

@Controller()
export class BalanceHandlers {
  constructor(private readonly ledger: LedgerService) {}

  @RpcHandler(Rpc.points.balance)
  balance(query: RpcRequest<'points.balance'>) {
    return this.ledger.balanceOf(query.userId);
  }
}
