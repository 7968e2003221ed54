import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { DispatchSchedule } from './dispatch-schedule.js';
import { PreferencesService } from './preferences.service.js';

@Controller()
export class DispatchHandlers {
  constructor(
    private readonly dataSource: DataSource,
    private readonly schedule: DispatchSchedule,
    private readonly preferences: PreferencesService,
  ) {}

  /** The gateway relayed something to an open page of the member (or they opened one). */
  @RpcHandler(Rpc.messaging.notificationsSeen)
  async seen({ memberIds }: RpcRequest<'messaging.notifications.seen'>) {
    return { seen: await this.schedule.markSeen(this.dataSource.manager, memberIds) };
  }

  @RpcHandler(Rpc.messaging.notificationPreferences)
  getPreferences({ userId }: RpcRequest<'messaging.notification-preferences.get'>) {
    return this.preferences.get(userId);
  }

  @RpcHandler(Rpc.messaging.updateNotificationPreferences)
  updatePreferences({ userId, preferences }: RpcRequest<'messaging.notification-preferences.update'>) {
    return this.preferences.update(userId, preferences);
  }

  @RpcHandler(Rpc.messaging.unsubscribe)
  unsubscribe({ token }: RpcRequest<'messaging.unsubscribe'>) {
    return this.preferences.unsubscribe(token);
  }
}
