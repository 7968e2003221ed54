import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsUUID } from 'class-validator';
import { Rpc, type BalanceView } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { LedgerService } from './ledger.service.js';

export class BalanceQuery {
  @IsUUID('all', { message: 'Identifiant de membre invalide.' })
  userId: string;
}

@Controller()
export class BalanceHandlers {
  constructor(private readonly ledger: LedgerService) {}

  @MessagePattern(Rpc.points.balance)
  balance(@Payload(new ValidatedPayload(BalanceQuery)) query: BalanceQuery): Promise<BalanceView> {
    return this.ledger.balanceOf(query.userId);
  }
}
