import { Injectable } from '@nestjs/common';
import { membersConsumer } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** Keeps the members' names messages and notifications show, from the users service's events. */
@Injectable()
export class UsersEventsConsumer extends membersConsumer({ schema: SCHEMA, durable: 'messaging-users', logger: 'messaging:users' }) {}
