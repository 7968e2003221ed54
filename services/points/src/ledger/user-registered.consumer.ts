import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { eventSubject, EventTypes, type UserRegisteredV1 } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { LedgerService } from './ledger.service.js';

/** `UserRegistered` → open the member's account with the welcome credit, exactly once. */
@Injectable()
export class UserRegisteredConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly consumer: EventConsumer<UserRegisteredV1>;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, ledger: LedgerService) {
    this.consumer = new EventConsumer<UserRegisteredV1>({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'points-user-registered',
      subject: eventSubject('users', EventTypes.users.UserRegistered),
      handle: async (event, manager) => {
        await ledger.openAccount(manager, event.payload.userId);
      },
      logger: new Logger('points:user-registered'),
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }
}
