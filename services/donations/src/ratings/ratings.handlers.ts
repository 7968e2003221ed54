import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { RatingsService } from './ratings.service.js';
import { TrustRecordService } from './trust-record.service.js';

@Controller()
export class RatingsHandlers {
  constructor(
    private readonly ratings: RatingsService,
    private readonly records: TrustRecordService,
  ) {}

  @RpcHandler(Rpc.donations.rate)
  rate(input: RpcRequest<'donations.rate'>) {
    return this.ratings.rate(input.actor, input.donationId, input.rating);
  }

  @RpcHandler(Rpc.donations.trustRecord)
  record(input: RpcRequest<'donations.trust-record'>) {
    return this.records.record(input.userId);
  }
}
