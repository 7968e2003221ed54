import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorCodes, Messages, Rpc, type ModerationLogEntry, type RpcRequest } from '@hdiya/contracts';
import { listModeratorActions, RpcHandler, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** This service's moderation log (decision 0058), for moderators: the gateway merges it with the users service's. */
@Controller()
export class ModerationLogHandlers {
  constructor(private readonly dataSource: DataSource) {}

  @RpcHandler(Rpc.donations.moderationLog)
  list(input: RpcRequest<'donations.moderation-log'>): Promise<ModerationLogEntry[]> {
    if (input.actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    return listModeratorActions(this.dataSource.manager, SCHEMA, input.filters);
  }
}
