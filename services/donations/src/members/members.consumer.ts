import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { allEventsOf } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, memberEventHandlers, recordEmailVerified, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { SuspensionEffects } from './suspension-effects.js';
import { DeletionEffects } from './deletion-effects.js';

/**
 * Keeps `donations.members` (UserRegistered, UserUpdated) and `donations.member_standing` in step
 * with the users service, on one durable consumer: a verified address (asking needs it), and a
 * suspension with what it lets go of, or a reinstatement with what it brings back, or a deleted
 * account (decision 0074), each in its event's inbox transaction.
 */
@Injectable()
export class MembersConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, effects: SuspensionEffects, deletion: DeletionEffects) {
    super();
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'donations-members',
      subject: allEventsOf('users'),
      handlers: {
        ...memberEventHandlers(SCHEMA),
        'users.EmailVerified.v1': ({ payload }, manager) => recordEmailVerified(manager, SCHEMA, payload),
        'users.MemberSuspended.v1': ({ payload }, manager) => effects.suspend(manager, payload),
        'users.MemberReinstated.v1': ({ payload }, manager) => effects.reinstate(manager, payload),
        'users.MemberDeleted.v1': ({ payload }, manager) => deletion.delete(manager, payload),
      },
      logger: new Logger('donations:members'),
    });
  }
}
