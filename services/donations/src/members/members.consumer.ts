import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { allEventsOf } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, memberEventHandlers, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** Keeps `donations.members` in step with the users service (UserRegistered, UserUpdated). */
@Injectable()
export class MembersConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
    super();
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'donations-members',
      subject: allEventsOf('users'),
      handlers: memberEventHandlers(SCHEMA),
      logger: new Logger('donations:members'),
    });
  }
}
