import { Body, Controller, Get, Headers, Post, Query, UseGuards } from '@nestjs/common';
import { IsOptional, Matches } from 'class-validator';
import { Rpc, TransferPointsDto, type PointsHistoryEntry, type PublicProfileView, type TransferResult } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../auth/session-user.js';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { ValidatedBody } from './validated-body.pipe.js';

export class HistoryQuery {
  @IsOptional()
  @Matches(/^\d{1,19}$/, { message: 'Curseur de pagination invalide.' })
  before?: string;
}

@Controller('api')
@UseGuards(SignedInGuard)
export class PointsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: RateLimits,
  ) {}

  /**
   * Sends points to the member with that phone number. A retry carrying the same idempotency key
   * (`Idempotency-Key` header or `idempotencyKey` field) answers the first transfer's result.
   */
  @Post('transfer-points')
  async transfer(
    @Body(new ValidatedBody(TransferPointsDto)) input: TransferPointsDto,
    @Headers('idempotency-key') headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<TransferResult & { receiver: { displayName: string } }> {
    await this.limits.consumeForm(`transfer:${user.id}`);
    const receiver = await this.services.call<PublicProfileView>(Rpc.users.findByPhone, { phone: input.receiverIdentifier });
    const result = await this.services.call<TransferResult>(Rpc.points.transfer, {
      senderId: user.id,
      receiverId: receiver.id,
      points: input.points,
      message: input.message || null,
      // The points service validates the key's form, whichever way it came.
      idempotencyKey: input.idempotencyKey ?? headerKey ?? null,
    });
    return { ...result, receiver: { displayName: receiver.displayName } };
  }

  @Get('points-history')
  history(@Query(new ValidatedBody(HistoryQuery)) query: HistoryQuery, @CurrentUser() user: SessionUser): Promise<PointsHistoryEntry[]> {
    return this.services.call<PointsHistoryEntry[]>(Rpc.points.history, { userId: user.id, before: query.before });
  }
}
