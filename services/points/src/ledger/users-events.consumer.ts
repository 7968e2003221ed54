import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_BUS, ManagedEventConsumer, memberEventHandlers, PerEventConsumers, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { LedgerService } from './ledger.service.js';
import { DeletionEffects } from './deletion-effects.js';

/**
 * The users service's events: `UserRegistered` opens the account with the welcome credit (once),
 * and both it and `UserUpdated` keep the members' names the history shows; `MemberDeleted` takes a
 * deleted account's balance out (decision 0074): one durable each.
 */
@Injectable()
export class UsersEventsConsumer extends ManagedEventConsumer {
  readonly consumer: PerEventConsumers;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, ledger: LedgerService, deletion: DeletionEffects) {
    super();
    const members = memberEventHandlers(SCHEMA);
    this.consumer = new PerEventConsumers({
      bus,
      dataSource,
      schema: SCHEMA,
      inbox: 'points-users',
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
