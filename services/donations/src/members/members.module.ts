import { Module } from '@nestjs/common';
import { MembersConsumer } from './members.consumer.js';
import { SuspensionEffects } from './suspension-effects.js';
import { DeletionEffects } from './deletion-effects.js';
import { GiftsInProgressHandlers } from './gifts-in-progress.handlers.js';

/** The members read model (display names, verified addresses, suspensions, deletions), fed by the users service's events. */
@Module({ controllers: [GiftsInProgressHandlers], providers: [MembersConsumer, SuspensionEffects, DeletionEffects] })
export class MembersModule {}
