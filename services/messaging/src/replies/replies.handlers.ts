import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { ReplyTimeService } from './reply-time.service.js';

@Controller()
export class RepliesHandlers {
  constructor(private readonly replyTimes: ReplyTimeService) {}

  @RpcHandler(Rpc.messaging.replyTime)
  replyTime({ userId }: RpcRequest<'messaging.reply-time'>) {
    return this.replyTimes.replyTime(userId);
  }
}
