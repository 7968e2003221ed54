import { Injectable } from '@nestjs/common';
import { membersConsumer } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** Keeps `donations.members` in step with the users service (UserRegistered, UserUpdated). */
@Injectable()
export class MembersConsumer extends membersConsumer({ schema: SCHEMA, durable: 'donations-members', logger: 'donations:members' }) {}
