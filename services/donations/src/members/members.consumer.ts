import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_BUS, ManagedEventConsumer, memberEventHandlers, PerEventConsumers, recordEmailVerified, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { SuspensionEffects } from './suspension-effects.js';
import { DeletionEffects } from './deletion-effects.js';

/**
 * Keeps `donations.members` (UserRegistered, UserUpdated) and `donations.member_standing` in step
 * with the users service, one durable consumer per event version (PerEventConsumers): a verified
 * address (asking needs it), a suspension with what it lets go of, or a reinstatement with what it
 * brings back, and a deleted account (decision 0074), each in its event's inbox transaction. A
 * reinstatement applied before its suspension is remembered, so the suspension then changes
 * nothing (recordSuspension).
 */
@Injectable()
export class MembersConsumer extends ManagedEventConsumer {
  readonly consumer: PerEventConsumers;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource, effects: SuspensionEffects, deletion: DeletionEffects) {
    super();
    this.consumer = new PerEventConsumers({
      bus,
      dataSource,
      schema: SCHEMA,
      inbox: 'donations-members',
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
