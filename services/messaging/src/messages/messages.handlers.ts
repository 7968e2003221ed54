import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { MessagesService } from './messages.service.js';

@Controller()
export class MessagesHandlers {
  constructor(private readonly messages: MessagesService) {}

  @RpcHandler(Rpc.messaging.send)
  send({ senderId, message }: RpcRequest<'messaging.send'>) {
    return this.messages.send(senderId, message);
  }

  @RpcHandler(Rpc.messaging.inbox)
  inbox({ userId }: RpcRequest<'messaging.inbox'>) {
    return this.messages.inbox(userId);
  }

  @RpcHandler(Rpc.messaging.mayType)
  mayType({ userId, otherId, donationId }: RpcRequest<'messaging.may-type'>) {
    return this.messages.mayType(userId, otherId, donationId);
  }

  @RpcHandler(Rpc.messaging.conversation)
  conversation({ userId, otherId, query }: RpcRequest<'messaging.conversation'>) {
    return this.messages.conversation(userId, otherId, query);
  }

  @RpcHandler(Rpc.messaging.readConversation)
  readConversation({ userId, otherId, read }: RpcRequest<'messaging.conversation.read'>) {
    return this.messages.markRead(userId, otherId, read);
  }

  @RpcHandler(Rpc.messaging.conversations)
  conversations({ userId }: RpcRequest<'messaging.conversations'>) {
    return this.messages.conversations(userId);
  }
}
