import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { allEventsOf } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, memberEventHandlers, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** Keeps the members' names messages and notifications show, from the users service's events. */
@Injectable()
export class UsersEventsConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
    super();
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'messaging-users',
      subject: allEventsOf('users'),
      handlers: memberEventHandlers(SCHEMA),
      logger: new Logger('messaging:users'),
    });
  }
}
