import { Module } from '@nestjs/common';
import { MembersConsumer } from './members.consumer.js';
import { SuspensionEffects } from './suspension-effects.js';

/** The members read model (display names, verified addresses, suspensions), fed by the users service's events. */
@Module({ providers: [MembersConsumer, SuspensionEffects] })
export class MembersModule {}
