import { Module, type DynamicModule } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { databaseTimeoutsOf, EventBusModule, MailModule, natsConnectionOf, RETENTION_OPTIONS, RetentionJob, serviceModule } from '@hdiya/platform';
import { messagingRetention } from './retention/retention-rules.js';
import { BlocksHandlers } from './blocks/blocks.handlers.js';
import { BlocksService } from './blocks/blocks.service.js';
import { LOOKUP_RPC, MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from './config.js';
import { messagingDataSourceOptions } from './database/data-source.js';
import { DonationEventsConsumer } from './donations/donation-events.consumer.js';
import { DispatchHandlers } from './dispatch/dispatch.handlers.js';
import { DispatchSchedule } from './dispatch/dispatch-schedule.js';
import { PUSH_CHANNEL } from './dispatch/channels.js';
import { Dispatcher } from './dispatch/dispatcher.js';
import { MailRecipients } from './dispatch/mail-recipients.js';
import { PreferencesService } from './dispatch/preferences.service.js';
import { DirectoryService } from './members/directory.service.js';
import { UsersEventsConsumer } from './members/users-events.consumer.js';
import { MemberExportHandlers } from './member-export/member-export.handlers.js';
import { MemberExportService } from './member-export/member-export.service.js';
import { MessagesHandlers } from './messages/messages.handlers.js';
import { MessagesService } from './messages/messages.service.js';
import { ChatPhotosService } from './messages/chat-photos.service.js';
import { MessageEffects } from './messages/message-effects.js';
import { NotificationsHandlers } from './notifications/notifications.handlers.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { PointsEventsConsumer } from './notifications/points-events.consumer.js';
import { PushSenderLifecycle } from './push/push-sender.lifecycle.js';
import { PushSubscriptionsService } from './push/push-subscriptions.service.js';
import { PushHandlers } from './push/push.handlers.js';
import { PushService } from './push/push.service.js';
import { RepliesHandlers } from './replies/replies.handlers.js';
import { ReplyReminderJob } from './replies/reply-reminder.job.js';
import { ReplyRemindersService } from './replies/reply-reminders.service.js';
import { ReplyTimeService } from './replies/reply-time.service.js';

@Module({})
export class AppModule {
  static register(config: MessagingConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'messaging',
      health: Rpc.messaging.health,
      database: TypeOrmModule.forRoot(messagingDataSourceOptions(config)),
      imports: [
        EventBusModule.forService({ service: 'messaging', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), nats: natsConnectionOf(config, 'messaging') }),
        MailModule.forService({
          service: 'messaging',
          schema: SCHEMA,
          databaseUrl: config.DATABASE_URL,
          timeouts: databaseTimeoutsOf(config),
          mail: config,
          failedMailsSubject: 'messaging.mails.failed',
        }),
        ClientsModule.register([
          {
            name: LOOKUP_RPC,
            transport: Transport.NATS,
            options: { servers: config.NATS_URL.split(','), name: 'messaging-lookups', maxReconnectAttempts: -1, ...natsConnectionOf(config, 'messaging') },
          },
        ]),
      ],
      controllers: [MessagesHandlers, BlocksHandlers, NotificationsHandlers, PushHandlers, RepliesHandlers, DispatchHandlers, MemberExportHandlers],
      providers: [
        MemberExportService,
        { provide: MESSAGING_CONFIG, useValue: config },
        { provide: RETENTION_OPTIONS, useValue: messagingRetention(config) },
        RetentionJob,
        DirectoryService,
        MessagesService,
        MessageEffects,
        ChatPhotosService,
        BlocksService,
        NotificationsService,
        UsersEventsConsumer,
        DonationEventsConsumer,
        PointsEventsConsumer,
        PushService,
        PushSubscriptionsService,
        PushSenderLifecycle,
        DispatchSchedule,
        PreferencesService,
        MailRecipients,
        Dispatcher,
        // The dispatcher's pushes go through the push service's outbox (decision 0025).
        { provide: PUSH_CHANNEL, useExisting: PushService },
        ReplyTimeService,
        ReplyRemindersService,
        ReplyReminderJob,
      ],
    });
  }
}
