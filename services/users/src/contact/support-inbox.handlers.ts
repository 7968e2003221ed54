import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { SupportInboxService } from './support-inbox.service.js';

/** Moderators' support inbox: the contact messages and the replies mailed to their senders. */
@Controller()
export class SupportInboxHandlers {
  constructor(private readonly inbox: SupportInboxService) {}

  @RpcHandler(Rpc.users.contactMessages)
  list(input: RpcRequest<'users.contact-messages.list'>) {
    return this.inbox.list(input.actor, input.page);
  }

  @RpcHandler(Rpc.users.replyToContact)
  reply(input: RpcRequest<'users.contact-messages.reply'>) {
    return this.inbox.reply(input.actor, input.contactMessageId, input.reply);
  }
}
