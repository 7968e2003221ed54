import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { allEventsOf } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, memberEventHandlers, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { LedgerService } from './ledger.service.js';
import { DeletionEffects } from './deletion-effects.js';

/**
 * The users service's events: `UserRegistered` opens the account with the welcome credit (once),
 * and both it and `UserUpdated` keep the members' names the history shows; `MemberDeleted` takes a
 * deleted account's balance out (decision 0074).
 */
@Injectable()
export class UsersEventsConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, ledger: LedgerService, deletion: DeletionEffects) {
    super();
    const members = memberEventHandlers(SCHEMA);
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'points-users',
      subject: allEventsOf('users'),
      handlers: {
        ...members,
        'users.UserRegistered.v1': async (event, manager) => {
          await members['users.UserRegistered.v1']!(event, manager);
          await ledger.openAccount(manager, event.payload.userId);
        },
        'users.MemberDeleted.v1': ({ payload }, manager) => deletion.delete(manager, payload),
      },
      logger: new Logger('points:users'),
    });
  }
}
