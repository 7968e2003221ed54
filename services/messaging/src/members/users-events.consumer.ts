import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_BUS, ManagedEventConsumer, memberEventConsumer, type EventBus, type EventConsumer } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** Keeps the members' names messages and notifications show, from the users service's events. */
@Injectable()
export class UsersEventsConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
    super();
    this.consumer = memberEventConsumer({ bus, dataSource, schema: SCHEMA, durable: 'messaging-users', logger: new Logger('messaging:users') });
  }
}
