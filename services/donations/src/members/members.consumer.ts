import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { allEventsOf } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, ManagedEventConsumer, memberEventHandlers, recordEmailVerified, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { SuspensionEffects } from './suspension-effects.js';

/**
 * Keeps `donations.members` (UserRegistered, UserUpdated) and `donations.member_standing` in step
 * with the users service, on one durable consumer: a verified address (asking needs it), and a
 * suspension with what it lets go of, or a reinstatement with what it brings back, each in its
 * event's inbox transaction.
 */
@Injectable()
export class MembersConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, effects: SuspensionEffects) {
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
      },
      logger: new Logger('donations:members'),
    });
  }
}
