import { Controller } from '@nestjs/common';
import { HISTORY_PAGE_SIZE, Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { HistoryService } from './history.service.js';

@Controller()
export class HistoryHandlers {
  constructor(private readonly history: HistoryService) {}

  @RpcHandler(Rpc.points.history)
  list(query: RpcRequest<'points.history'>) {
    return this.history.history(query.userId, query.limit ?? HISTORY_PAGE_SIZE, query.before);
  }
}
