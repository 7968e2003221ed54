import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { eventSubject, Events } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { DirectoryService } from '../members/directory.service.js';
import { NotificationsService } from './notifications.service.js';

/** Tells a member that points were transferred to them. */
@Injectable()
export class PointsEventsConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, notifications: NotificationsService, directory: DirectoryService) {
    super();
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'messaging-points',
      subject: eventSubject(Events.points.PointsTransferred),
      handlers: {
        'points.PointsTransferred.v1': async ({ payload }, manager) => {
          await notifications.notify(manager, payload.receiverId, 'points_received', {
            points: payload.points,
            senderName: await directory.nameOf(manager, payload.senderId),
            message: payload.message,
          });
        },
      },
      logger: new Logger('messaging:points'),
    });
  }
}
