import { Module } from '@nestjs/common';
import { MembersConsumer } from './members.consumer.js';

/** The members read model (display names), fed by the users service's events. */
@Module({ providers: [MembersConsumer] })
export class MembersModule {}
