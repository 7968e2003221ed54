import { Injectable } from '@nestjs/common';
import { membersConsumer, recordReinstatement, recordSuspension } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { eraseDeletedMember } from './deletion-effects.js';

/**
 * Keeps the members' names messages and notifications show, and whether each is suspended (no
 * message to or from them while they are), and erases a deleted member (decision 0074), from the
 * users service's events.
 */
@Injectable()
export class UsersEventsConsumer extends membersConsumer({
  schema: SCHEMA,
  inbox: 'messaging-users',
  logger: 'messaging:users',
  handlers: {
    'users.MemberSuspended.v1': async ({ payload }, manager) => void (await recordSuspension(manager, SCHEMA, payload)),
    'users.MemberReinstated.v1': async ({ payload }, manager) => void (await recordReinstatement(manager, SCHEMA, payload)),
    'users.MemberDeleted.v1': ({ payload }, manager) => eraseDeletedMember(manager, payload),
  },
}) {}
