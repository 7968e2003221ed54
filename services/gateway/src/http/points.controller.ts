import { Body, Controller, Get, Headers, Post, Query, UseGuards } from '@nestjs/common';
import {
  ErrorCodes,
  PointsHistoryQuerySchema,
  PointsMessages,
  Rpc,
  TransferPointsSchema,
  type PointsHistoryEntry,
  type PointsHistoryQuery,
  type PublicProfileView,
  type TransferPointsInput,
  type TransferReceipt,
} from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { CurrentUser, type SessionUser } from '../auth/session-user.js';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { ValidatedBody } from './validated-body.pipe.js';

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
    @Body(new ValidatedBody(TransferPointsSchema)) input: TransferPointsInput,
    @Headers('idempotency-key') headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<TransferReceipt> {
    await this.limits.consumeForm(`transfer:${user.id}`);
    const receiver = await this.receiverOf(input, user);
    const result = await this.services.call(Rpc.points.transfer, {
      senderId: user.id,
      receiverId: receiver.id,
      points: input.points,
      message: input.message || null,
      // The points service validates the key's form, whichever way it came.
      idempotencyKey: input.idempotencyKey ?? headerKey ?? null,
    });
    return { ...result, receiver: { displayName: receiver.displayName } };
  }

  /**
   * The member the phone names. For an unknown phone the balance decides the answer, as it does
   * for a known one: "too many points" (400) for a registered phone but 404 for any other would
   * tell anyone which numbers are members. (A retry of a done transfer still reaches its replay.)
   */
  private async receiverOf(input: TransferPointsInput, user: SessionUser): Promise<PublicProfileView> {
    try {
      return await this.services.call(Rpc.users.findByPhone, { phone: input.receiverIdentifier });
    } catch (error) {
      if (error instanceof ApiException && error.getStatus() === 404) {
        const balance = await this.services.call(Rpc.points.balance, { userId: user.id });
        if (balance.points < input.points) throw new ApiException(400, ErrorCodes.POINTS_INSUFFICIENT, PointsMessages.insufficient, 'points');
      }
      throw error;
    }
  }

  @Get('points-history')
  history(@Query(new ValidatedBody(PointsHistoryQuerySchema)) query: PointsHistoryQuery, @CurrentUser() user: SessionUser): Promise<PointsHistoryEntry[]> {
    return this.services.call(Rpc.points.history, { userId: user.id, before: query.before });
  }
}
