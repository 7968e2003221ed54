import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Rpc, type ModerationLogEntry, type RpcRequest } from '@hdiya/contracts';
import { listModeratorActions, RpcHandler } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { assertModerator } from './moderator.js';

/** This service's moderation log (decision 0058), for moderators: the gateway merges it with the donations service's. */
@Controller()
export class ModerationLogHandlers {
  constructor(private readonly dataSource: DataSource) {}

  @RpcHandler(Rpc.users.moderationLog)
  async list(input: RpcRequest<'users.moderation-log'>): Promise<ModerationLogEntry[]> {
    await assertModerator(this.dataSource.manager, input.actor);
    return listModeratorActions(this.dataSource.manager, SCHEMA, input.filters);
  }
}
