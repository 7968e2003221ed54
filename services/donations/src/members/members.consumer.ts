import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { allEventsOf } from '@hdiya/contracts';
import { applyMemberEvent, EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus, type MemberEvent } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** Keeps `donations.members` in step with the users service (UserRegistered, UserUpdated). */
@Injectable()
export class MembersConsumer extends ManagedEventConsumer<MemberEvent> {
  readonly consumer: EventConsumer<MemberEvent>;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
    super();
    this.consumer = new EventConsumer<MemberEvent>({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'donations-members',
      subject: allEventsOf('users'),
      handle: (event, manager) => applyMemberEvent(manager, SCHEMA, event),
      logger: new Logger('donations:members'),
    });
  }
}
