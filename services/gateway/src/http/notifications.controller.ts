import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ErrorCodes,
  MessagingMessages,
  NotificationsQuerySchema,
  Rpc,
  uuid,
  type NotificationsQuery,
  type NotificationView,
  type UnreadCounts,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';

const NotificationIdSchema = uuid();

@Controller('api/notifications')
@UseGuards(SignedInGuard)
export class NotificationsController {
  constructor(private readonly services: ServiceClient) {}

  /** The member's notifications, newest first; `before` = the id of the last one shown. */
  @Get()
  list(@Query(new ValidatedBody(NotificationsQuerySchema)) query: NotificationsQuery, @CurrentUser() user: SessionUser): Promise<NotificationView[]> {
    return this.services.call(Rpc.messaging.notifications, { userId: user.id, query });
  }

  /** The header's badges: unread messages and unread notifications. */
  @Get('unread-counts')
  unreadCounts(@CurrentUser() user: SessionUser): Promise<UnreadCounts> {
    return this.services.call(Rpc.messaging.unreadCounts, { userId: user.id });
  }

  @Post('read-all')
  @HttpCode(200)
  readAll(@CurrentUser() user: SessionUser): Promise<{ updated: number }> {
    return this.services.call(Rpc.messaging.readAllNotifications, { userId: user.id });
  }

  @Post(':id/read')
  @HttpCode(200)
  read(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<NotificationView> {
    if (!NotificationIdSchema.safeParse(id).success) throw new ApiException(404, ErrorCodes.NOTIFICATION_NOT_FOUND, MessagingMessages.notificationNotFound);
    return this.services.call(Rpc.messaging.readNotification, { userId: user.id, notificationId: id });
  }
}
