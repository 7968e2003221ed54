import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { PushSubscriptionsService } from './push-subscriptions.service.js';

@Controller()
export class PushHandlers {
  constructor(private readonly subscriptions: PushSubscriptionsService) {}

  @RpcHandler(Rpc.messaging.pushConfig)
  config() {
    return this.subscriptions.publicConfig();
  }

  @RpcHandler(Rpc.messaging.pushSubscribe)
  subscribe({ userId, subscription }: RpcRequest<'messaging.push.subscribe'>) {
    return this.subscriptions.subscribe(userId, subscription);
  }

  @RpcHandler(Rpc.messaging.pushUnsubscribe)
  unsubscribe({ userId, endpoint }: RpcRequest<'messaging.push.unsubscribe'>) {
    return this.subscriptions.unsubscribe(userId, endpoint);
  }
}
