import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Rpc, type BalanceView, type PointsHistoryEntry, type TransferResult } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { HistoryService } from '../history/history.service.js';
import { HoldsService } from '../holds/holds.service.js';
import { TransfersService } from '../transfers/transfers.service.js';
import { LedgerService } from './ledger.service.js';
import { HistoryQuery, HoldPayload, MemberQuery, ReservationPayload, TransferPayload } from './points.payloads.js';

@Controller()
export class PointsHandlers {
  constructor(
    private readonly ledger: LedgerService,
    private readonly holds: HoldsService,
    private readonly transfers: TransfersService,
    private readonly historyService: HistoryService,
  ) {}

  @MessagePattern(Rpc.points.balance)
  balance(@Payload(new ValidatedPayload(MemberQuery)) query: MemberQuery): Promise<BalanceView> {
    return this.ledger.balanceOf(query.userId);
  }

  @MessagePattern(Rpc.points.hold)
  hold(@Payload(new ValidatedPayload(HoldPayload)) input: HoldPayload): Promise<{ held: true }> {
    return this.holds.hold(input.reserverId, input, input.ownerId);
  }

  @MessagePattern(Rpc.points.release)
  release(@Payload(new ValidatedPayload(ReservationPayload)) input: ReservationPayload): Promise<{ released: boolean }> {
    return this.holds.release(input);
  }

  @MessagePattern(Rpc.points.transfer)
  transfer(@Payload(new ValidatedPayload(TransferPayload)) input: TransferPayload): Promise<TransferResult> {
    return this.transfers.transfer({ ...input, message: input.message ?? null, idempotencyKey: input.idempotencyKey ?? null });
  }

  @MessagePattern(Rpc.points.history)
  history(@Payload(new ValidatedPayload(HistoryQuery)) query: HistoryQuery): Promise<PointsHistoryEntry[]> {
    return this.historyService.history(query.userId, query.limit ?? 100, query.before);
  }
}
