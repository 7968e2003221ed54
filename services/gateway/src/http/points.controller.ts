import { Controller, Get, Headers, Post, Query, UseGuards } from '@nestjs/common';
import {
  PointsHistoryQuerySchema,
  Rpc,
  TransferPointsSchema,
  type PointsHistoryEntry,
  type PointsHistoryQuery,
  type PublicProfileView,
  type TransferPointsInput,
  type TransferReceipt,
} from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

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
    @JsonBody(new ValidatedBody(TransferPointsSchema)) input: TransferPointsInput,
    @Headers('idempotency-key') headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<TransferReceipt> {
    await this.limits.consumeForm(`transfer:${user.id}`);
    const receiver = await this.receiverOf(input);
    // An unknown phone still goes to the points service: it answers a reused key, the balance and
    // the caps exactly as for a member's phone, and only then "no member" (decision 0019).
    const result = await this.services.call(Rpc.points.transfer, {
      senderId: user.id,
      receiverId: receiver?.id ?? null,
      points: input.points,
      message: input.message || null,
      // The points service validates the key's form, whichever way it came.
      idempotencyKey: input.idempotencyKey ?? headerKey ?? null,
    });
    return { ...result, receiver: { displayName: receiver!.displayName } };
  }

  /** The member the phone names, or null: the answer for "nobody" is the points service's, after its checks. */
  private async receiverOf(input: TransferPointsInput): Promise<PublicProfileView | null> {
    try {
      return await this.services.call(Rpc.users.findByPhone, { phone: input.receiverIdentifier });
    } catch (error) {
      if (error instanceof ApiException && error.getStatus() === 404) return null;
      throw error;
    }
  }

  @Get('points-history')
  history(@Query(new ValidatedBody(PointsHistoryQuerySchema)) query: PointsHistoryQuery, @CurrentUser() user: SessionUser): Promise<PointsHistoryEntry[]> {
    return this.services.call(Rpc.points.history, { userId: user.id, before: query.before });
  }
}
