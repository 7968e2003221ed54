import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_BUS, ManagedEventConsumer, memberEventConsumer, type EventBus, type EventConsumer } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** Keeps `donations.members` in step with the users service (UserRegistered, UserUpdated). */
@Injectable()
export class MembersConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
    super();
    this.consumer = memberEventConsumer({ bus, dataSource, schema: SCHEMA, durable: 'donations-members', logger: new Logger('donations:members') });
  }
}
