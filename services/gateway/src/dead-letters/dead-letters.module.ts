import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { DeadLettersController } from './dead-letters.controller.js';
import { DeadLettersReader } from './dead-letters-reader.js';

/** The administrators' list of events the services set aside (decision 0032). */
@Module({
  imports: [SessionModule],
  controllers: [DeadLettersController],
  providers: [DeadLettersReader],
})
export class DeadLettersModule {}
