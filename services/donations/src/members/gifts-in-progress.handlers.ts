import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { DeletionEffects } from './deletion-effects.js';

@Controller()
export class GiftsInProgressHandlers {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deletion: DeletionEffects,
  ) {}

  /** Asked before an account is deleted (issue 47): the member confirms these are cancelled. */
  @RpcHandler(Rpc.donations.giftsInProgress)
  giftsInProgress(input: RpcRequest<'donations.gifts-in-progress'>) {
    return this.deletion.giftsInProgress(this.dataSource.manager, input.userId);
  }
}
