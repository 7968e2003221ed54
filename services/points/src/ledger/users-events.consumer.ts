import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { allEventsOf, EventTypes } from '@hdiya/contracts';
import { applyMemberEvent, EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus, type MemberEvent } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { LedgerService } from './ledger.service.js';

/**
 * The users service's events: `UserRegistered` opens the account with the welcome credit (once),
 * and both it and `UserUpdated` keep the members' names the history shows.
 */
@Injectable()
export class UsersEventsConsumer extends ManagedEventConsumer<MemberEvent> {
  readonly consumer: EventConsumer<MemberEvent>;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, ledger: LedgerService) {
    super();
    this.consumer = new EventConsumer<MemberEvent>({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'points-users',
      subject: allEventsOf('users'),
      handle: async (event, manager) => {
        await applyMemberEvent(manager, SCHEMA, event);
        if (event.type === EventTypes.users.UserRegistered) await ledger.openAccount(manager, event.payload.userId);
      },
      logger: new Logger('points:users'),
    });
  }
}
