import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { ChatPhotosService } from './chat-photos.service.js';
import { MessagesService } from './messages.service.js';

@Controller()
export class MessagesHandlers {
  constructor(
    private readonly messages: MessagesService,
    private readonly photos: ChatPhotosService,
  ) {}

  @RpcHandler(Rpc.messaging.send)
  send({ senderId, message }: RpcRequest<'messaging.send'>) {
    return this.messages.send(senderId, message);
  }

  @RpcHandler(Rpc.messaging.registerPhoto)
  registerPhoto({ senderId, message, photo }: RpcRequest<'messaging.photos.register'>) {
    return this.photos.register(senderId, message, photo);
  }

  @RpcHandler(Rpc.messaging.sendPhoto)
  sendPhoto({ senderId, message, photo }: RpcRequest<'messaging.photos.send'>) {
    return this.messages.send(senderId, message, photo);
  }

  @RpcHandler(Rpc.messaging.photoAccess)
  photoAccess({ userId, key }: RpcRequest<'messaging.photos.access'>) {
    return this.photos.mayFetch(userId, key);
  }

  @RpcHandler(Rpc.messaging.sweepPhotos)
  sweepPhotos({ limit }: RpcRequest<'messaging.photos.sweep'>) {
    return this.photos.sweepUnsent(limit);
  }

  @RpcHandler(Rpc.messaging.deletedMemberPhotos)
  deletedMemberPhotos({ tombstoneId, limit }: RpcRequest<'messaging.photos.of-deleted-member'>) {
    return this.photos.ofDeletedMember(tombstoneId, limit);
  }

  @RpcHandler(Rpc.messaging.forgetDeletedMemberPhotos)
  forgetDeletedMemberPhotos({ tombstoneId, imageKeys }: RpcRequest<'messaging.photos.forget-of-deleted-member'>) {
    return this.photos.forgetDeletedMemberPhotos(tombstoneId, imageKeys);
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
