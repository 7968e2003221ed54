import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsHandlers {
  constructor(private readonly notifications: NotificationsService) {}

  @RpcHandler(Rpc.messaging.notifications)
  list({ userId, query }: RpcRequest<'messaging.notifications.list'>) {
    return this.notifications.list(userId, query.before);
  }

  @RpcHandler(Rpc.messaging.readNotification)
  read({ userId, notificationId }: RpcRequest<'messaging.notifications.read'>) {
    return this.notifications.markRead(userId, notificationId);
  }

  @RpcHandler(Rpc.messaging.readAllNotifications)
  readAll({ userId }: RpcRequest<'messaging.notifications.read-all'>) {
    return this.notifications.markAllRead(userId);
  }

  @RpcHandler(Rpc.messaging.unreadCounts)
  unreadCounts({ userId }: RpcRequest<'messaging.unread-counts'>) {
    return this.notifications.unreadCounts(userId);
  }
}
